/**
 * Build-time settings of the public site (Vite inlines `VITE_*` variables when `npm run build`
 * runs; set them in the environment or `.env`). The one place the web app reads them. Read without
 * zod: every public page imports this module, and zod is ~25 KB a page should not need to start.
 */

function isUrl(value: string): boolean {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
}

const trimmed = (value: string | undefined) => value?.trim() ?? '';

function urlOrDefault(value: string | undefined, fallback: string): string {
  const text = trimmed(value);
  return text && isUrl(text) ? text : fallback;
}

const parsed = {
  /** Where 'Book Online' sends a visitor who wants to pick a consultation slot. */
  VITE_SCHEDULING_URL: urlOrDefault(import.meta.env.VITE_SCHEDULING_URL, 'https://cal.com/compliancecore/consultation'),
  /** The sales line shown with the business hours and dialled by 'Call Now'. */
  VITE_SALES_PHONE: trimmed(import.meta.env.VITE_SALES_PHONE) || '+1 (555) 010-2400',
  /** 'View All Articles' in the press block. */
  VITE_PRESS_URL: trimmed(import.meta.env.VITE_PRESS_URL) || '/knowledge-base',
};

/** `+1 (555) 010-2400` → `tel:+15550102400`. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export const publicConfig = {
  schedulingUrl: parsed.VITE_SCHEDULING_URL,
  salesPhone: parsed.VITE_SALES_PHONE,
  salesPhoneHref: telHref(parsed.VITE_SALES_PHONE),
  pressUrl: parsed.VITE_PRESS_URL,
} as const;
