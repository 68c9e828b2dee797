import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  uptimeSeconds: z.number().int().nonnegative(),
  database: z.object({
    status: z.enum(['ok', 'unavailable']),
    kind: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nonnegative(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
