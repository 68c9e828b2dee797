/** Query keys of the plans domain (one factory, so every cache entry is found the same way). */
export const planKeys = {
  all: ['plans'] as const,
  list: () => [...planKeys.all, 'list'] as const,
  detail: (id: string) => [...planKeys.all, 'detail', id] as const,
  reviewQueue: () => [...planKeys.all, 'review-queue'] as const,
  review: (id: string) => [...planKeys.all, 'review', id] as const,
};
