/** Query keys of the trust center, one factory so invalidation cannot miss a variant. */
export const trustCenterKeys = {
  all: ['trust-center'] as const,
  /** The public page of a slug (getTrustCenter). */
  page: (slug: string) => ['trust-center', 'page', slug] as const,
  /** The organization's settings (getTrustCenterSettings); `undefined` is a client's own. */
  settings: (organizationId: string | undefined) => ['trust-center', 'settings', organizationId ?? 'own'] as const,
  requests: (organizationId: string | undefined) => ['trust-center', 'requests', organizationId ?? 'own'] as const,
};
