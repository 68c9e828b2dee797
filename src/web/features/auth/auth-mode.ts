/** The sign-in page's modes (its `?mode=`); anything else is 'sign-in'. Kept apart from the forms' zod schemas. */
export const AUTH_MODES = ['sign-in', 'sign-up', 'magic-link'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export function parseAuthMode(value: string | null | undefined): AuthMode {
  return AUTH_MODES.find((mode) => mode === value) ?? 'sign-in';
}
