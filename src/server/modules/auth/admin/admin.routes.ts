import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCreateUser, adminDeleteUser, adminInviteUser, adminListUsers, adminUpdateUser } from './admin.service.ts';
import type { AuthDeps } from '../context.ts';
import { adminDeleteFactor, adminListFactors } from './admin-mfa.ts';
import { GoTrueError, errors } from '../gotrue-errors.ts';
import { requireServiceRole } from '../request-user.ts';
import { body, linkTarget, optional, redirectQuery, uuidParam } from '../route-schemas.ts';
import { adminGenerateLink } from './generate-link.ts';
import { loadUserBundle, userJson } from '../users/user-store.ts';

const attributes = z
  .object({
    email: optional(z.string()),
    password: optional(z.string()),
    email_confirm: optional(z.boolean()),
    user_metadata: optional(z.record(z.string(), z.unknown())),
    app_metadata: optional(z.record(z.string(), z.unknown())),
    ban_duration: optional(z.string()),
  })
  .nullish()
  .transform((value) => value ?? {});

/** auth-js `listUsers()` sends `?page=&per_page=`; GoTrue reads an empty value as absent, so the default applies. */
const emptyMeansDefault = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const userIdParams = z.object({ id: uuidParam('user_id') });
const factorParams = z.object({ id: uuidParam('user_id'), factorId: uuidParam('factor_id') });

/** /admin/users and /invite (GoTrue's admin API, service-role key only) and our key rotation. */
// eslint-disable-next-line max-lines-per-function -- the module's route table (10 operations): one declaration per operation, read top to bottom; each handler is a few lines calling the service
export function registerAdminRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Registered in its own plugin context, so this guards the admin routes only.
  routes.addHook('onRequest', async (request) => requireServiceRole(deps, request));

  routes.get(
    '/admin/users',
    {
      schema: {
        tags: ['auth'],
        operationId: 'listAuthUsers',
        summary: 'Users page by page (service-role key), with x-total-count and link headers',
        querystring: z.object({
          page: emptyMeansDefault(z.coerce.number().int().min(1).default(1)),
          per_page: emptyMeansDefault(z.coerce.number().int().min(1).max(1000).default(50)),
        }),
      },
    },
    async (request, reply) => {
      const { page, per_page: perPage } = request.query;
      const { bundles, total } = await adminListUsers(deps, page, perPage);
      reply.header('x-total-count', String(total));
      const last = Math.max(1, Math.ceil(total / perPage));
      const links = [`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`];
      if (page < last) links.unshift(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
      reply.header('link', links.join(', '));
      return { users: bundles.map(userJson), aud: 'authenticated' };
    },
  );

  routes.post(
    '/admin/users',
    { schema: { tags: ['auth'], operationId: 'createAuthUser', summary: 'Create a user (service-role key)', body: attributes } },
    async (request) => userJson(await adminCreateUser(deps, request.body)),
  );

  routes.post(
    '/invite',
    {
      schema: {
        tags: ['auth'],
        operationId: 'inviteAuthUser',
        summary: 'Invite a person by e-mail (service-role key)',
        querystring: redirectQuery,
        body: z
          .object({ email: optional(z.string()), data: optional(z.record(z.string(), z.unknown())) })
          .nullish()
          .transform((value) => value ?? {}),
      },
    },
    async (request) => userJson(await adminInviteUser(deps, request.body, linkTarget(deps, request, request.query.redirect_to))),
  );

  routes.post(
    '/admin/generate_link',
    {
      schema: {
        tags: ['auth'],
        operationId: 'generateAuthLink',
        summary: 'Generate a sign-up, invite, magic-link, recovery or e-mail-change link without sending it (service-role key)',
        querystring: redirectQuery,
        body: body({
          type: optional(z.string()),
          email: optional(z.string()),
          new_email: optional(z.string()),
          password: optional(z.string()),
          data: optional(z.record(z.string(), z.unknown())),
          redirect_to: optional(z.string()),
          redirectTo: optional(z.string()),
        }),
      },
    },
    async (request) => {
      // auth-js puts `redirectTo` in the query and (camel-cased) in the body; GoTrue reads `redirect_to`.
      const redirectTo = request.query.redirect_to ?? request.body.redirect_to ?? request.body.redirectTo;
      return adminGenerateLink(deps, request.body, linkTarget(deps, request, redirectTo));
    },
  );

  routes.get(
    '/admin/users/:id',
    { schema: { tags: ['auth'], operationId: 'getAuthUser', summary: 'One user (service-role key)', params: userIdParams } },
    async (request) => {
      const bundle = await loadUserBundle(deps.db, request.params.id);
      if (!bundle) throw new GoTrueError(404, 'user_not_found', 'User not found');
      return userJson(bundle);
    },
  );

  routes.put(
    '/admin/users/:id',
    {
      schema: {
        tags: ['auth'],
        operationId: 'updateAuthUser',
        summary: "Change a user's e-mail, password, metadata or ban (service-role key)",
        params: userIdParams,
        body: attributes,
      },
    },
    async (request) => userJson(await adminUpdateUser(deps, request.params.id, request.body)),
  );

  routes.delete(
    '/admin/users/:id',
    {
      schema: {
        tags: ['auth'],
        operationId: 'deleteAuthUser',
        summary: 'Delete a user with their sessions and identities (service-role key)',
        params: userIdParams,
      },
    },
    async (request) => {
      await adminDeleteUser(deps, request.params.id);
      return {};
    },
  );

  routes.get(
    '/admin/users/:id/factors',
    {
      schema: {
        tags: ['auth'],
        operationId: 'listAuthUserFactors',
        summary: "A user's second factors (service-role key)",
        params: userIdParams,
      },
    },
    async (request) => adminListFactors(deps, request.params.id),
  );

  routes.delete(
    '/admin/users/:id/factors/:factorId',
    {
      schema: {
        tags: ['auth'],
        operationId: 'deleteAuthUserFactor',
        summary: "Remove one of a user's second factors (service-role key)",
        params: factorParams,
      },
    },
    async (request) => adminDeleteFactor(deps, request.params.id, request.params.factorId),
  );

  // SAML is not offered (auth.routes.ts): its admin routes answer as GoTrue's do with SAML off.
  const samlDisabled = async () => {
    throw errors.samlDisabled();
  };
  routes.all('/admin/sso/providers', { schema: { hide: true } }, samlDisabled);
  routes.all('/admin/sso/providers/*', { schema: { hide: true } }, samlDisabled);

  /** Our extension: the pre-published successor (or a new key) signs from now on; nobody is signed out. */
  routes.post(
    '/admin/signing-keys/rotate',
    {
      schema: {
        tags: ['auth'],
        operationId: 'rotateSigningKeys',
        summary: 'Sign with the next key from now on; tokens already issued stay valid (service-role key)',
      },
    },
    async () => ({ kid: await deps.keys.rotate() }),
  );
}
