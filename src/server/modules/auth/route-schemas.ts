import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthDeps } from './context.ts';
import type { LinkTarget } from './email/send-email-link.ts';
import { authBaseUrl, resolveRedirect } from './site-url.ts';

/** auth-js sends `null` for absent values; treat them alike (auth-wire.md §1.3). */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

export const pkceFields = {
  code_challenge: optional(z.string()),
  code_challenge_method: optional(z.string()),
};

/** A body that may be empty; unknown keys (gotrue_meta_security …) are dropped, not refused. */
export const body = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape)
    .nullish()
    .transform((value) => value ?? ({} as z.infer<z.ZodObject<T>>));

export const redirectQuery = z.object({ redirect_to: z.string().optional() });

/**
 * A path id that GoTrue parses as a UUID (`factor_id`, `user_id`, `identity_id`). Anything else is
 * refused by the route's schema before it can reach a query (where the cast failed with a 500), and
 * answered as GoTrue does: 404 `validation_failed` "<name> must be an UUID" (auth.routes.ts).
 */
export const uuidParam = (name: string) => z.guid({ error: `${name} must be an UUID` });

export function linkTarget(deps: AuthDeps, request: FastifyRequest, redirectTo: string | undefined): LinkTarget {
  return { redirectTo: resolveRedirect(deps.env, request, redirectTo), authBase: authBaseUrl(request) };
}

export const FIVE_MINUTES = '5 minutes';
