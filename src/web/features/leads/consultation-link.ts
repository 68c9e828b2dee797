import { INTEREST_OPTIONS, type Interest, MAX_INPUT_LENGTH } from '../../../shared/constants.ts';

/**
 * A link that opens the landing page's consultation dialog with a message (and a plan of interest)
 * already filled in: `/?consultation=<message>&interest=<plan id>#contact`. `#contact` keeps the
 * link useful where scripts do not run. Written by the ROI calculator, read by the landing page.
 */
export interface ConsultationPrefill {
  message: string;
  interest?: Interest;
}

const MESSAGE = 'consultation';
const INTEREST = 'interest';

export function consultationHref({ message, interest }: ConsultationPrefill): string {
  const params = new URLSearchParams({ [MESSAGE]: message, ...(interest ? { [INTEREST]: interest } : {}) });
  return `/?${params.toString()}#contact`;
}

/** The prefill a link carries, or null; an unknown interest is dropped, a long message cut. */
export function readConsultationLink(params: URLSearchParams): ConsultationPrefill | null {
  const message = params.get(MESSAGE)?.trim();
  if (!message) return null;
  const interest = INTEREST_OPTIONS.find((option) => option === params.get(INTEREST));
  return { message: message.slice(0, MAX_INPUT_LENGTH), ...(interest ? { interest } : {}) };
}

/** The same parameters with the prefill removed, once the dialog has taken it. */
export function withoutConsultationLink(params: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(params);
  rest.delete(MESSAGE);
  rest.delete(INTEREST);
  return rest;
}
