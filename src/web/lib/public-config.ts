import { z } from 'zod';

/**
 * Build-time settings of the public site (Vite inlines `VITE_*` variables when `npm run build`
 * runs; set them in the environment or `.env`). The one place the web app reads them.
 */

const urlOrDefault = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value && z.url().safeParse(value).success ? value : fallback));

const publicConfigSchema = z.object({
  /** Where 'Book Online' sends a visitor who wants to pick a consultation slot. */
  VITE_SCHEDULING_URL: urlOrDefault('https://cal.com/compliancecore/consultation'),
  /** The sales line shown with the business hours and dialled by 'Call Now'. */
  VITE_SALES_PHONE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || '+1 (555) 010-2400'),
  /** 'View All Articles' in the press block. */
  VITE_PRESS_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || '/knowledge-base'),
});

const parsed = publicConfigSchema.parse({
  VITE_SCHEDULING_URL: import.meta.env.VITE_SCHEDULING_URL,
  VITE_SALES_PHONE: import.meta.env.VITE_SALES_PHONE,
  VITE_PRESS_URL: import.meta.env.VITE_PRESS_URL,
});

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
