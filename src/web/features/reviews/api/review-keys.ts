/** Query keys of the reviews domain (one factory, so every cache entry is found the same way). */
export const reviewKeys = {
  all: ['reviews'] as const,
  queue: () => [...reviewKeys.all, 'queue'] as const,
  output: (id: string) => [...reviewKeys.all, 'output', id] as const,
  quality: () => [...reviewKeys.all, 'quality-scores'] as const,
};
