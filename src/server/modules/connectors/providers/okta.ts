import { createRequire } from 'node:module';
import type * as OktaSdk from '@okta/okta-sdk-nodejs';
import type { Client as OktaClient } from '@okta/okta-sdk-nodejs';
import { z } from 'zod';
import { type CheckContext, defineConnector, resourcesOutput } from '../connector-types.ts';

/**
 * Okta (docs/connectors.md) through the official Node SDK (`@okta/okta-sdk-nodejs`), pointed at the org's
 * URL with an API token of a Read-Only Administrator. Collections page by the Link header (the SDK
 * follows it); a 429 is retried by the SDK after X-Rate-Limit-Reset. The SDK's models are read as plain
 * JSON here (only the fields the checks judge).
 */

export const OKTA_INACTIVE_AFTER_DAYS = 90;
const DAY_MS = 86_400_000;

const credentials = z.object({
  orgUrl: z.url({ protocol: /^https?$/, error: 'Your Okta org’s address, https://<org>.okta.com' }),
  apiToken: z.string().trim().min(10, 'An Okta API token'),
  maxAdmins: z.coerce.number().int().min(1).max(100).optional().default(5),
});
type Credentials = z.output<typeof credentials>;

interface OktaPolicy {
  id: string;
  name: string;
  status: string;
  conditions?: { people?: { groups?: { include?: string[] } } };
  settings?: {
    type?: string;
    authenticators?: { key: string; enroll?: { self?: string } }[];
    factors?: Record<string, { enroll?: { self?: string } }>;
    password?: { complexity?: { minLength?: number }; lockout?: { maxAttempts?: number } };
  };
}
interface OktaRule {
  name: string;
  status: string;
  actions?: { signon?: { session?: { maxSessionIdleMinutes?: number; maxSessionLifetimeMinutes?: number } } };
}
interface OktaUser {
  id: string;
  status: string;
  lastLogin?: string | null;
  created?: string;
  profile?: { login?: string };
}

interface Client {
  okta: OktaClient;
  credentials: Credentials;
}

/** Plain JSON of every item of an SDK collection (it follows the Link header page by page). */
async function all<T>(collection: AsyncIterable<unknown> | Promise<AsyncIterable<unknown>>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of await collection) if (item) items.push(JSON.parse(JSON.stringify(item)) as T);
  return items;
}

/**
 * The SDK, loaded when a connection first needs it: importing it loads ~2,000 modules (~30 MB of heap, ~90 MB resident)
 * that a server with no Okta connection never uses (docs/dashboard.md, "How fast").
 */
let sdk: typeof OktaSdk | undefined;
function oktaSdk(): typeof OktaSdk {
  sdk ??= createRequire(import.meta.url)('@okta/okta-sdk-nodejs') as typeof OktaSdk;
  return sdk;
}

function connect(given: Credentials, options: { timeoutMs: number }): Client {
  const { Client: OktaClient, DefaultRequestExecutor } = oktaSdk();
  const okta = new OktaClient({
    orgUrl: given.orgUrl.replace(/\/$/, ''),
    token: given.apiToken,
    requestExecutor: new DefaultRequestExecutor({ maxRetries: 3, requestTimeout: options.timeoutMs * 4 }),
  });
  return { okta, credentials: given };
}

const policies = (client: Client, type: 'MFA_ENROLL' | 'PASSWORD' | 'OKTA_SIGN_ON') =>
  all<OktaPolicy>(client.okta.policyApi.listPolicies({ type }) as unknown as Promise<AsyncIterable<unknown>>);

async function everyoneGroupId(client: Client): Promise<string | null> {
  const groups = await all<{ id: string; type?: string; profile?: { name?: string } }>(
    client.okta.groupApi.listGroups({ search: 'type eq "BUILT_IN"' }) as unknown as Promise<AsyncIterable<unknown>>,
  );
  return groups.find((group) => group.profile?.name === 'Everyone')?.id ?? null;
}

function requiresEnrolment(policy: OktaPolicy): boolean {
  const authenticators = policy.settings?.authenticators ?? [];
  const factors = Object.values(policy.settings?.factors ?? {});
  return [...authenticators.filter((item) => item.key !== 'okta_password'), ...factors].some((item) => item.enroll?.self === 'REQUIRED');
}

async function activeUsers(client: Client, context: CheckContext) {
  const users = await all<OktaUser>(
    client.okta.userApi.listUsers({ search: 'status eq "ACTIVE"', limit: 200 }) as unknown as Promise<AsyncIterable<unknown>>,
  );
  return users.map((user) => {
    const seen = Date.parse(user.lastLogin ?? user.created ?? '');
    return { user, days: Number.isNaN(seen) ? Number.POSITIVE_INFINITY : Math.floor((context.now.getTime() - seen) / DAY_MS) };
  });
}

export const oktaConnector = defineConnector<Credentials, Client>({
  id: 'okta',
  name: 'Okta',
  description: 'Your Okta org: MFA enrolment for everyone, inactive users, administrators, password and session policies.',
  credentialFields: [
    { key: 'orgUrl', label: 'Okta org URL', kind: 'url', required: true, help: 'https://<your org>.okta.com' },
    {
      key: 'apiToken',
      label: 'API token',
      kind: 'secret',
      required: true,
      help: 'Made by a Read-Only Administrator. Sealed; never shown again.',
    },
    { key: 'maxAdmins', label: 'Most administrators allowed', kind: 'text', required: false, help: 'Default 5.' },
  ],
  credentials,
  connect,
  async identify(client) {
    const me = JSON.parse(JSON.stringify(await client.okta.userApi.getUser({ userId: 'me' }))) as OktaUser;
    return `Okta ${new URL(client.credentials.orgUrl).host} as ${me.profile?.login ?? me.id}`;
  },
  checks: [
    {
      id: 'mfa_enrollment_everyone',
      title: 'An MFA enrolment policy covers everyone',
      controlIds: ['IAM-05', 'IAM-01'],
      async run(client) {
        const [found, everyone] = await Promise.all([policies(client, 'MFA_ENROLL'), everyoneGroupId(client)]);
        const items = found.map((policy) => {
          const active = policy.status === 'ACTIVE';
          const covers = everyone !== null && (policy.conditions?.people?.groups?.include ?? []).includes(everyone);
          const requires = requiresEnrolment(policy);
          return {
            id: policy.name,
            passed: active && covers && requires,
            detail: `${active ? 'active' : 'inactive'}, ${covers ? 'applies to Everyone' : 'not for Everyone'}, ${requires ? 'requires a second factor' : 'requires no second factor'}`,
          };
        });
        const covered = items.some((item) => item.passed);
        return {
          ...resourcesOutput(items, found, { what: 'MFA enrolment policies', failing: 'do not require MFA of everyone' }),
          passed: covered,
          summary: covered
            ? 'An active policy makes everyone enrol a second factor.'
            : 'No active policy makes everyone enrol a second factor.',
        };
      },
    },
    {
      id: 'inactive_users_deactivated',
      title: `Users inactive for ${OKTA_INACTIVE_AFTER_DAYS} days are deactivated`,
      controlIds: ['IAM-07', 'IAM-03'],
      async run(client, context) {
        const users = await activeUsers(client, context);
        return resourcesOutput(
          users.map(({ user, days }) => ({
            id: user.profile?.login ?? user.id,
            passed: days <= OKTA_INACTIVE_AFTER_DAYS,
            detail: Number.isFinite(days) ? `last sign-in ${days} days ago, still active` : 'never signed in, still active',
          })),
          users.map(({ user }) => ({
            id: user.id,
            login: user.profile?.login,
            status: user.status,
            lastLogin: user.lastLogin,
            created: user.created,
          })),
          { what: 'active users', failing: `have not signed in for over ${OKTA_INACTIVE_AFTER_DAYS} days` },
        );
      },
    },
    {
      id: 'admin_roles',
      title: 'Few administrators',
      controlIds: ['IAM-04', 'IAM-08', 'GOV-05'],
      async run(client) {
        const assigned: { id: string }[] = [];
        let after: string | undefined;
        do {
          const page = JSON.parse(
            JSON.stringify(await client.okta.roleAssignmentApi.listUsersWithRoleAssignments({ after, limit: 100 })),
          ) as { value?: { id: string }[]; _links?: { next?: { href?: string } } };
          assigned.push(...(page.value ?? []));
          const next = page._links?.next?.href;
          after = next ? (new URL(next).searchParams.get('after') ?? undefined) : undefined;
        } while (after);
        const items = [];
        for (const { id } of assigned) {
          const roles = await all<{ type: string }>(
            client.okta.roleAssignmentApi.listAssignedRolesForUser({ userId: id }) as unknown as Promise<AsyncIterable<unknown>>,
          );
          items.push({ id, roles: roles.map((role) => role.type) });
        }
        const most = client.credentials.maxAdmins;
        const passed = items.length <= most;
        return {
          summary: `${items.length} users hold administrator roles (at most ${most} wanted); ${items.filter((item) => item.roles.includes('SUPER_ADMIN')).length} are super administrators.`,
          resources: items.map((item) => ({ id: item.id, passed, detail: item.roles.join(', ') || 'no role' })),
          raw: items,
          passed,
        };
      },
    },
    {
      id: 'password_policy',
      title: 'Passwords: at least 12 characters, lockout after 10 attempts',
      controlIds: ['IAM-06', 'IAM-10'],
      async run(client) {
        const found = (await policies(client, 'PASSWORD')).filter((policy) => policy.status === 'ACTIVE');
        return resourcesOutput(
          found.map((policy) => {
            const length = policy.settings?.password?.complexity?.minLength ?? 0;
            const attempts = policy.settings?.password?.lockout?.maxAttempts ?? 0;
            return {
              id: policy.name,
              passed: length >= 12 && attempts > 0 && attempts <= 10,
              detail: `minimum length ${length}, lockout after ${attempts || 'no'} attempts`,
            };
          }),
          found,
          { what: 'active password policies', failing: 'allow short passwords or unlimited attempts' },
        );
      },
    },
    {
      id: 'session_idle_timeout',
      title: 'Sessions end after an hour idle',
      controlIds: ['IAM-10'],
      async run(client) {
        const found = (await policies(client, 'OKTA_SIGN_ON')).filter((policy) => policy.status === 'ACTIVE');
        const items = [];
        const raw = [];
        for (const policy of found) {
          const rules = (
            await all<OktaRule>(
              client.okta.policyApi.listPolicyRules({ policyId: policy.id }) as unknown as Promise<AsyncIterable<unknown>>,
            )
          ).filter((rule) => rule.status === 'ACTIVE');
          raw.push({ policy: policy.name, rules });
          for (const rule of rules) {
            const idle = rule.actions?.signon?.session?.maxSessionIdleMinutes ?? Number.POSITIVE_INFINITY;
            items.push({
              id: `${policy.name} / ${rule.name}`,
              passed: idle <= 60,
              detail: `idle timeout ${Number.isFinite(idle) ? `${idle} minutes` : 'none'}`,
            });
          }
        }
        return resourcesOutput(items, raw, { what: 'sign-on rules', failing: 'keep idle sessions over an hour' });
      },
    },
  ],
});
