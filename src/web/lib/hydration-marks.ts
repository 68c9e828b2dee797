/** `<html data-hydrated>` and the `app:hydrated` event (hydration.ts), without React, for scripts that run before it. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
export const HYDRATED_EVENT = 'app:hydrated';
