import type { admin_directory_v1 } from '@googleapis/admin';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { once } from '../../../../shared/once.ts';
import { emailSchema } from '../../../../shared/schemas/auth.ts';
import { CredentialsRefusedError, defineConnector, resourcesOutput } from '../connector-types.ts';
import { retryingFetch } from '../retrying-fetch.ts';

/**
 * Google Workspace (docs/connectors.md) through the Admin SDK Directory API (`@googleapis/admin`), as a
 * service account with domain-wide delegation impersonating an administrator, read-only scopes only.
 * The service account's token is asked for at its key's own `token_uri` (signed with `jose`), so the API
 * and its token endpoint can both be local in tests (`apiRootUrl`); nothing else may be named there.
 */

export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.user.readonly',
  'https://www.googleapis.com/auth/admin.directory.device.mobile.readonly',
];
const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
export const INACTIVE_AFTER_DAYS = 90;
const DAY_MS = 86_400_000;

const serviceAccountKey = z.object({
  client_email: emailSchema,
  private_key: z.string().includes('PRIVATE KEY'),
  private_key_id: z.string().optional(),
  token_uri: z.url().optional().default(GOOGLE_TOKEN_URI),
});

const credentials = z
  .object({
    serviceAccountKey: z
      .string()
      .transform((text, context) => {
        try {
          return serviceAccountKey.parse(JSON.parse(text));
        } catch {
          context.addIssue({ code: 'custom', message: 'The service account’s JSON key, as Google Cloud gave it' });
          return z.NEVER;
        }
      })
      .or(serviceAccountKey),
    adminEmail: emailSchema,
    customerId: z.string().trim().max(40).optional().default('my_customer'),
    maxSuperAdmins: z.coerce.number().int().min(1).max(50).optional().default(4),
    apiRootUrl: z.url({ protocol: /^https?$/, error: 'An http(s) address' }).optional(),
  })
  .refine(
    (given) =>
      given.serviceAccountKey.token_uri === GOOGLE_TOKEN_URI ||
      (given.apiRootUrl !== undefined && new URL(given.serviceAccountKey.token_uri).host === new URL(given.apiRootUrl).host),
    {
      path: ['serviceAccountKey'],
      message: 'The key’s token_uri must be Google’s (or on the API URL’s host)',
    },
  );
type Credentials = z.output<typeof credentials>;

interface Client {
  credentials: Credentials;
  directory(): Promise<admin_directory_v1.Admin>;
  users(): Promise<admin_directory_v1.Schema$User[]>;
}

async function accessToken(given: Credentials, fetcher: typeof fetch): Promise<string> {
  const key = given.serviceAccountKey;
  const assertion = await new SignJWT({ scope: GOOGLE_SCOPES.join(' ') })
    .setProtectedHeader({ alg: 'RS256', ...(key.private_key_id ? { kid: key.private_key_id } : {}) })
    .setIssuer(key.client_email)
    .setSubject(given.adminEmail)
    .setAudience(key.token_uri)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importPKCS8(key.private_key, 'RS256'));
  const response = await fetcher(key.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; error?: string; error_description?: string };
  if (!response.ok || !body.access_token) {
    const why = `${body.error ?? response.status}${body.error_description ? `: ${body.error_description}` : ''}`;
    if (response.status === 400 || response.status === 401 || response.status === 403)
      throw new CredentialsRefusedError(`Google refused the service account (${why})`);
    throw Object.assign(new Error(`The token endpoint answered ${why}`), { status: response.status });
  }
  return body.access_token;
}

/** The Admin SDK (with googleapis-common and its auth library), loaded at a connection's first call, not with the server (~27 MB). */
const loadGoogleAdmin = once(() => import('@googleapis/admin'));

function connect(given: Credentials, options: { timeoutMs: number }): Client {
  const fetcher = retryingFetch({ timeoutMs: options.timeoutMs });
  let directory: Promise<admin_directory_v1.Admin> | null = null;
  let users: Promise<admin_directory_v1.Schema$User[]> | null = null;
  const client: Client = {
    credentials: given,
    directory() {
      directory ??= accessToken(given, fetcher).then(async (token) => {
        const { admin, auth } = await loadGoogleAdmin();
        const oauth = new auth.OAuth2();
        oauth.setCredentials({ access_token: token });
        return admin({
          version: 'directory_v1',
          auth: oauth,
          ...(given.apiRootUrl ? { rootUrl: given.apiRootUrl.replace(/\/?$/, '/') } : {}),
          timeout: options.timeoutMs,
          retry: true,
          retryConfig: {
            retry: 3,
            retryDelay: 200,
            statusCodesToRetry: [
              [429, 429],
              [500, 599],
            ],
            httpMethodsToRetry: ['GET'],
          },
        });
      });
      return directory;
    },
    users() {
      users ??= (async () => {
        const api = await client.directory();
        const all: admin_directory_v1.Schema$User[] = [];
        let pageToken: string | undefined;
        do {
          const { data } = await api.users.list({ customer: given.customerId, maxResults: 500, pageToken, projection: 'basic' });
          all.push(...(data.users ?? []));
          pageToken = data.nextPageToken ?? undefined;
        } while (pageToken);
        return all;
      })();
      return users;
    },
  };
  return client;
}

const email = (user: admin_directory_v1.Schema$User) => user.primaryEmail ?? user.id ?? '?';
const brief = (users: readonly admin_directory_v1.Schema$User[]) =>
  users.map((user) => ({
    primaryEmail: user.primaryEmail,
    isAdmin: user.isAdmin,
    suspended: user.suspended,
    isEnrolledIn2Sv: user.isEnrolledIn2Sv,
    isEnforcedIn2Sv: user.isEnforcedIn2Sv,
    lastLoginTime: user.lastLoginTime,
    creationTime: user.creationTime,
  }));

export const googleWorkspaceConnector = defineConnector<Credentials, Client>({
  id: 'google_workspace',
  name: 'Google Workspace',
  description: 'Your Google Workspace directory: 2-step verification, super administrators, people who left, managed mobile devices.',
  credentialFields: [
    {
      key: 'serviceAccountKey',
      label: 'Service account key (JSON)',
      kind: 'secret',
      required: true,
      help: 'With domain-wide delegation for the read-only scopes in docs/connectors.md. Sealed; never shown again.',
    },
    {
      key: 'adminEmail',
      label: 'Administrator to act as',
      kind: 'text',
      required: true,
      help: 'An administrator’s address (a read-only admin role is enough).',
    },
    {
      key: 'customerId',
      label: 'Customer id',
      kind: 'text',
      required: false,
      help: 'Default: the administrator’s own account (my_customer).',
    },
    { key: 'maxSuperAdmins', label: 'Most super administrators allowed', kind: 'text', required: false, help: 'Default 4.' },
    { key: 'apiRootUrl', label: 'API URL', kind: 'url', required: false, help: 'Empty for Google itself.' },
  ],
  credentials,
  connect,
  async identify(client) {
    const api = await client.directory();
    const { data } = await api.users.list({ customer: client.credentials.customerId, maxResults: 1 });
    return `Google Workspace customer ${client.credentials.customerId} (${data.users?.[0]?.primaryEmail?.split('@')[1] ?? 'no users'})`;
  },
  checks: [
    {
      id: 'two_step_enforced',
      title: '2-step verification is enforced for everyone',
      controlIds: ['IAM-05', 'IAM-06'],
      async run(client) {
        const users = (await client.users()).filter((user) => !user.suspended);
        return resourcesOutput(
          users.map((user) => ({
            id: email(user),
            passed: user.isEnforcedIn2Sv === true,
            detail: `2SV ${user.isEnforcedIn2Sv ? 'enforced' : 'not enforced'}, ${user.isEnrolledIn2Sv ? 'enrolled' : 'not enrolled'}`,
          })),
          brief(users),
          { what: 'active users', failing: 'are not made to use 2-step verification' },
        );
      },
    },
    {
      id: 'admins_two_step',
      title: 'Administrators are enrolled in 2-step verification',
      controlIds: ['IAM-04', 'IAM-05'],
      async run(client) {
        const admins = (await client.users()).filter((user) => user.isAdmin && !user.suspended);
        return resourcesOutput(
          admins.map((user) => ({
            id: email(user),
            passed: user.isEnrolledIn2Sv === true,
            detail: user.isEnrolledIn2Sv ? 'enrolled' : 'not enrolled',
          })),
          brief(admins),
          { what: 'super administrators', failing: 'are not enrolled in 2-step verification' },
        );
      },
    },
    {
      id: 'super_admin_count',
      title: 'Few super administrators',
      controlIds: ['IAM-04', 'GOV-05', 'IAM-08'],
      async run(client) {
        const admins = (await client.users()).filter((user) => user.isAdmin && !user.suspended);
        const most = client.credentials.maxSuperAdmins;
        const passed = admins.length >= 1 && admins.length <= most;
        return {
          summary: `${admins.length} super administrator${admins.length === 1 ? '' : 's'} (at most ${most} wanted).`,
          resources: admins.map((user) => ({ id: email(user), passed, detail: 'super administrator' })),
          raw: brief(admins),
          passed,
        };
      },
    },
    {
      id: 'inactive_users_suspended',
      title: `People inactive for ${INACTIVE_AFTER_DAYS} days are suspended`,
      controlIds: ['IAM-07', 'HRS-06', 'IAM-03'],
      async run(client, context) {
        const users = (await client.users()).filter((user) => !user.suspended);
        const since = (user: admin_directory_v1.Schema$User) => {
          const last = Date.parse(user.lastLoginTime ?? '');
          const seen = Number.isNaN(last) || last < Date.parse('1971-01-01') ? Date.parse(user.creationTime ?? '') : last;
          return Math.floor((context.now.getTime() - seen) / DAY_MS);
        };
        return resourcesOutput(
          users.map((user) => ({
            id: email(user),
            passed: since(user) <= INACTIVE_AFTER_DAYS,
            detail: `last sign-in ${since(user)} days ago, not suspended`,
          })),
          brief(users),
          { what: 'active users', failing: `have not signed in for over ${INACTIVE_AFTER_DAYS} days and are not suspended` },
        );
      },
    },
    {
      id: 'mobile_devices_managed',
      title: 'Mobile devices are approved and encrypted',
      controlIds: ['CFG-04', 'CFG-05', 'AST-01'],
      async run(client) {
        const api = await client.directory();
        const devices: admin_directory_v1.Schema$MobileDevice[] = [];
        let pageToken: string | undefined;
        do {
          const { data } = await api.mobiledevices.list({
            customerId: client.credentials.customerId,
            maxResults: 100,
            pageToken,
            projection: 'BASIC',
          });
          devices.push(...(data.mobiledevices ?? []));
          pageToken = data.nextPageToken ?? undefined;
        } while (pageToken);
        return resourcesOutput(
          devices.map((device) => {
            const passed = device.status === 'APPROVED' && device.encryptionStatus !== 'Unencrypted';
            return {
              id: `${device.model ?? 'device'} ${device.resourceId ?? ''}`.trim(),
              passed,
              detail: `${device.status ?? 'unknown'}, ${device.encryptionStatus ?? 'encryption unknown'} (${device.email?.join(', ') ?? ''})`,
            };
          }),
          devices.map((device) => ({
            resourceId: device.resourceId,
            model: device.model,
            status: device.status,
            encryptionStatus: device.encryptionStatus,
            email: device.email,
          })),
          { what: 'mobile devices', failing: 'are not approved or not encrypted' },
        );
      },
    },
  ],
});
