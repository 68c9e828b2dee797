/**
 * Query-key roots that several features share. A feature never imports another (eslint.config.js), so
 * a root that one feature's change must refresh in another's cache is declared here, once, and each
 * feature's key factory builds on it. Everything else about a resource's keys stays in its feature.
 */

/**
 * The client's compliance programme: controls and readiness (controls), evidence, risks and the
 * registers' imports. A change anywhere (a control's status, new evidence, a risk, an applied import)
 * invalidates this root, so readiness and the registers refresh together: they are one picture.
 */
export const PROGRAMME_ROOT = ['programme'] as const;
