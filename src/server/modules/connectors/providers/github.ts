import { Octokit } from '@octokit/rest';
import { z } from 'zod';
import { type CheckOutput, defineConnector, providerStatusOf, resourcesOutput } from '../connector-types.ts';
import { retryingFetch } from '../retrying-fetch.ts';

/**
 * GitHub (docs/connectors.md) through Octokit (`@octokit/rest`), pointed at `baseUrl` (GitHub Enterprise
 * Server, or the tests' local peer). Read-only: a fine-grained token with the organization's
 * Administration and Members read, and the repositories' Administration, Metadata and Dependabot alerts read.
 * Repositories beyond MAX_REPOSITORIES are listed as not checked, never passed silently.
 */

export const MAX_REPOSITORIES = 300;

const credentials = z.object({
  token: z.string().trim().min(10, 'A GitHub token'),
  organization: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,39}$/, 'The organization’s login'),
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'An http(s) address' })
    .optional()
    .default('https://api.github.com'),
  allowedOutsideCollaborators: z.string().max(2000).optional().default(''),
});
type Credentials = z.output<typeof credentials>;

interface Repository {
  name: string;
  archived?: boolean;
  default_branch?: string;
  security_and_analysis?: { secret_scanning?: { status?: string } | null } | null;
}
interface Protection {
  required_pull_request_reviews?: { required_approving_review_count?: number } | null;
}

interface Client {
  octokit: Octokit;
  credentials: Credentials;
  repositories(): Promise<Repository[]>;
  protections(): Promise<Map<string, Protection | null>>;
}

function connect(given: Credentials, options: { timeoutMs: number }): Client {
  const octokit = new Octokit({
    auth: given.token,
    baseUrl: given.baseUrl.replace(/\/$/, ''),
    userAgent: 'ComplianceCore-connector',
    request: { fetch: retryingFetch({ timeoutMs: options.timeoutMs }) },
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  let repositories: Promise<Repository[]> | null = null;
  let protections: Promise<Map<string, Protection | null>> | null = null;
  const client: Client = {
    octokit,
    credentials: given,
    repositories() {
      repositories ??= octokit.paginate(octokit.rest.repos.listForOrg, { org: given.organization, per_page: 100, type: 'all' }) as Promise<
        Repository[]
      >;
      return repositories;
    },
    protections() {
      protections ??= (async () => {
        const found = new Map<string, Protection | null>();
        for (const repo of (await client.repositories()).filter((item) => !item.archived).slice(0, MAX_REPOSITORIES)) {
          try {
            const { data } = await octokit.rest.repos.getBranchProtection({
              owner: given.organization,
              repo: repo.name,
              branch: repo.default_branch ?? 'main',
            });
            found.set(repo.name, data as Protection);
          } catch (error) {
            if (providerStatusOf(error) !== 404) throw error;
            found.set(repo.name, null);
          }
        }
        return found;
      })();
      return protections;
    },
  };
  return client;
}

/** The active repositories checked and, beyond the limit, those left unchecked (as failing resources that say so). */
async function perRepository(
  client: Client,
  judge: (repo: Repository) => Promise<{ passed: boolean; detail: string }>,
  raw: unknown,
  words: { what: string; failing: string },
): Promise<CheckOutput> {
  const active = (await client.repositories()).filter((repo) => !repo.archived);
  const items = [];
  for (const repo of active.slice(0, MAX_REPOSITORIES)) items.push({ id: repo.name, ...(await judge(repo)) });
  for (const repo of active.slice(MAX_REPOSITORIES))
    items.push({ id: repo.name, passed: false, detail: `not checked: more than ${MAX_REPOSITORIES} repositories` });
  return resourcesOutput(items, raw, words);
}

export const githubConnector = defineConnector<Credentials, Client>({
  id: 'github',
  name: 'GitHub',
  description:
    'Your GitHub organization: two-factor authentication, branch protection and reviews, secret scanning, Dependabot alerts, outside collaborators.',
  credentialFields: [
    {
      key: 'organization',
      label: 'Organization',
      kind: 'text',
      required: true,
      help: 'The organization’s login, as in github.com/<login>.',
    },
    {
      key: 'token',
      label: 'Access token',
      kind: 'secret',
      required: true,
      help: 'A fine-grained token with read-only permissions (docs/connectors.md). Sealed; never shown again.',
    },
    {
      key: 'baseUrl',
      label: 'API URL',
      kind: 'url',
      required: false,
      help: 'For GitHub Enterprise Server: https://<host>/api/v3. Empty: github.com.',
    },
    {
      key: 'allowedOutsideCollaborators',
      label: 'Approved outside collaborators',
      kind: 'textarea',
      required: false,
      help: 'Logins, separated by commas or lines; anyone else fails the check.',
    },
  ],
  credentials,
  connect,
  async identify(client) {
    const { data } = await client.octokit.rest.orgs.get({ org: client.credentials.organization });
    return `GitHub organization ${data.login}`;
  },
  checks: [
    {
      id: 'org_2fa_required',
      title: 'Two-factor authentication is required for the organization',
      controlIds: ['IAM-05', 'IAM-06', 'IAM-12'],
      async run(client) {
        const { data } = await client.octokit.rest.orgs.get({ org: client.credentials.organization });
        const passed = data.two_factor_requirement_enabled === true;
        return {
          summary: passed ? 'Members must use two-factor authentication.' : 'The organization does not require two-factor authentication.',
          resources: [
            {
              id: data.login,
              passed,
              detail: `two_factor_requirement_enabled: ${String(data.two_factor_requirement_enabled ?? 'not visible to this token')}`,
            },
          ],
          raw: data,
        };
      },
    },
    {
      id: 'branch_protection',
      title: 'Default branches are protected',
      controlIds: ['SDL-09', 'CFG-01', 'CFG-02'],
      async run(client) {
        const protections = await client.protections();
        return perRepository(
          client,
          async (repo) => ({
            passed: Boolean(protections.get(repo.name)),
            detail: protections.get(repo.name) ? `${repo.default_branch} protected` : `${repo.default_branch} not protected`,
          }),
          Object.fromEntries(protections),
          { what: 'repositories', failing: 'have an unprotected default branch' },
        );
      },
    },
    {
      id: 'required_reviews',
      title: 'Default branches require an approving review',
      controlIds: ['SDL-04', 'SDL-03', 'GOV-05'],
      async run(client) {
        const protections = await client.protections();
        return perRepository(
          client,
          async (repo) => {
            const count = protections.get(repo.name)?.required_pull_request_reviews?.required_approving_review_count ?? 0;
            return { passed: count >= 1, detail: `${count} approving review${count === 1 ? '' : 's'} required` };
          },
          Object.fromEntries(protections),
          { what: 'repositories', failing: 'merge without a required review' },
        );
      },
    },
    {
      id: 'secret_scanning',
      title: 'Secret scanning is enabled',
      controlIds: ['IAM-11', 'CRY-04', 'OPS-10'],
      async run(client) {
        const repositories = await client.repositories();
        return perRepository(
          client,
          async (repo) => {
            const state = repo.security_and_analysis?.secret_scanning?.status ?? 'not visible';
            return { passed: state === 'enabled', detail: `secret scanning ${state}` };
          },
          repositories.map((repo) => ({
            name: repo.name,
            archived: repo.archived,
            security_and_analysis: repo.security_and_analysis ?? null,
          })),
          { what: 'repositories', failing: 'do not scan for secrets' },
        );
      },
    },
    {
      id: 'dependabot_alerts',
      title: 'Dependabot alerts are enabled',
      controlIds: ['VUL-01', 'VUL-02', 'SDL-05', 'VEN-04'],
      async run(client) {
        const answers: Record<string, number> = {};
        return perRepository(
          client,
          async (repo) => {
            try {
              const { status } = await client.octokit.rest.repos.checkVulnerabilityAlerts({
                owner: client.credentials.organization,
                repo: repo.name,
              });
              answers[repo.name] = status;
              return { passed: true, detail: 'Dependabot alerts enabled' };
            } catch (error) {
              if (providerStatusOf(error) !== 404) throw error;
              answers[repo.name] = 404;
              return { passed: false, detail: 'Dependabot alerts disabled' };
            }
          },
          answers,
          { what: 'repositories', failing: 'have Dependabot alerts off' },
        );
      },
    },
    {
      id: 'outside_collaborators',
      title: 'Outside collaborators are on the approved list',
      controlIds: ['IAM-03', 'IAM-08', 'SDL-08'],
      async run(client) {
        const approved = new Set(
          client.credentials.allowedOutsideCollaborators
            .split(/[\s,]+/)
            .map((login) => login.trim().toLowerCase())
            .filter(Boolean),
        );
        const collaborators = await client.octokit.paginate(client.octokit.rest.orgs.listOutsideCollaborators, {
          org: client.credentials.organization,
          per_page: 100,
        });
        return resourcesOutput(
          collaborators.map((user) => ({
            id: user.login,
            passed: approved.has(user.login.toLowerCase()),
            detail: approved.has(user.login.toLowerCase()) ? 'approved' : 'not on the approved list',
          })),
          collaborators.map((user) => ({ login: user.login, id: user.id })),
          { what: 'outside collaborators', failing: 'are not on the approved list' },
        );
      },
    },
  ],
});
