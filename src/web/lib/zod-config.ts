/**
 * Zod probes `new Function` to choose its fast path the first time an object schema is built;
 * under our CSP (no eval) the browser reports that probe as a violation (Lighthouse
 * best-practices). Schemas are built while modules load, before any app code could call
 * `z.config()`, so this inline script in <head> sets zod's shared global config first
 * (`globalThis.__zod_globalConfig`, which `z.config()` itself writes to). Its hash is added to
 * the page's CSP like the theme script's.
 */
export const ZOD_CONFIG_BOOT_SCRIPT = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});';
