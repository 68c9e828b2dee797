import type { IAMClient, User } from '@aws-sdk/client-iam';
import { z } from 'zod';
import { once } from '../../../../shared/once.ts';
import { type CheckContext, defineConnector, resourcesOutput } from '../connector-types.ts';

/**
 * AWS (docs/connectors.md) through the official SDK v3 clients (IAM, STS, S3 Control, CloudTrail, EC2),
 * each pointed at `endpoint` when one is given (an AWS-compatible endpoint, or the tests' local peer).
 * Read-only: the managed policy SecurityAudit covers every call. The root account, IAM users' MFA and
 * key age come from IAM (the credential report); S3's account-level public access block; CloudTrail's
 * multi-region trails; EBS default encryption in every region the account has enabled.
 */

export const ACCESS_KEY_MAX_AGE_DAYS = 90;
const DAY_MS = 86_400_000;

const credentials = z.object({
  accessKeyId: z.string().trim().min(16, 'An access key id (AKIA…)'),
  secretAccessKey: z.string().trim().min(16, 'The secret access key'),
  sessionToken: z.string().trim().optional(),
  region: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'A region such as us-east-1')
    .optional()
    .default('us-east-1'),
  endpoint: z.url({ protocol: /^https?$/, error: 'An http(s) address' }).optional(),
});
type Credentials = z.output<typeof credentials>;

interface Client {
  credentials: Credentials;
  config(region?: string): ConstructorParameters<typeof IAMClient>[0] & object;
  /** The IAM client, made once the SDK has loaded. */
  iam(): Promise<IAMClient>;
  accountId(context: CheckContext): Promise<string>;
  credentialReport(context: CheckContext): Promise<Record<string, string>[]>;
}

/** The credential report's CSV, one object per row by the header's column names. */
export function parseCredentialReport(csv: string): Record<string, string>[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  const columns = (header ?? '').split(',');
  return lines
    .filter(Boolean)
    .map((line) => Object.fromEntries(line.split(',').map((value, index) => [columns[index] ?? String(index), value])));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The five SDK v3 clients, loaded at a connection’s first call, not with the server (at start: ~16 MB of heap, ~12 MB resident). */
const loadSdk = once(() =>
  Promise.all([
    import('@aws-sdk/client-cloudtrail'),
    import('@aws-sdk/client-ec2'),
    import('@aws-sdk/client-iam'),
    import('@aws-sdk/client-s3-control'),
    import('@aws-sdk/client-sts'),
  ]).then(([cloudTrail, ec2, iam, s3Control, sts]) => ({ cloudTrail, ec2, iam, s3Control, sts })),
);

function connect(given: Credentials, options: { timeoutMs: number }): Client {
  const config = (region = given.region) => ({
    region,
    credentials: {
      accessKeyId: given.accessKeyId,
      secretAccessKey: given.secretAccessKey,
      ...(given.sessionToken ? { sessionToken: given.sessionToken } : {}),
    },
    ...(given.endpoint ? { endpoint: given.endpoint } : {}),
    maxAttempts: 4,
    requestHandler: { requestTimeout: options.timeoutMs, connectionTimeout: options.timeoutMs },
  });
  let iam: Promise<IAMClient> | null = null;
  const iamClient = () => (iam ??= loadSdk().then((sdk) => new sdk.iam.IAMClient(config())));
  let account: Promise<string> | null = null;
  let report: Promise<Record<string, string>[]> | null = null;
  return {
    credentials: given,
    config,
    iam: iamClient,
    accountId(context) {
      account ??= loadSdk()
        .then(({ sts }) => new sts.STSClient(config()).send(new sts.GetCallerIdentityCommand({}), { abortSignal: context.signal }))
        .then((identity) => identity.Account ?? '');
      return account;
    },
    credentialReport(context) {
      report ??= (async () => {
        const { GenerateCredentialReportCommand, GetCredentialReportCommand } = (await loadSdk()).iam;
        const iam = await iamClient();
        for (let attempt = 0; attempt < 10; attempt += 1) {
          const generated = await iam.send(new GenerateCredentialReportCommand({}), { abortSignal: context.signal });
          if (generated.State === 'COMPLETE') break;
          await sleep(1000);
        }
        const answer = await iam.send(new GetCredentialReportCommand({}), { abortSignal: context.signal });
        return parseCredentialReport(Buffer.from(answer.Content ?? new Uint8Array()).toString('utf8'));
      })();
      return report;
    },
  };
}

const iamUsers = (rows: readonly Record<string, string>[]) => rows.filter((row) => row.user !== '<root_account>');

export const awsConnector = defineConnector<Credentials, Client>({
  id: 'aws',
  name: 'Amazon Web Services',
  description:
    'Your AWS account: the root account, IAM users’ MFA and access keys, S3 public access, CloudTrail in every region, EBS encryption.',
  credentialFields: [
    {
      key: 'accessKeyId',
      label: 'Access key id',
      kind: 'text',
      required: true,
      help: 'Of an IAM user or role with the SecurityAudit managed policy (read-only).',
    },
    { key: 'secretAccessKey', label: 'Secret access key', kind: 'secret', required: true, help: 'Sealed; never shown again.' },
    { key: 'sessionToken', label: 'Session token', kind: 'secret', required: false, help: 'Only for temporary credentials.' },
    {
      key: 'region',
      label: 'Home region',
      kind: 'text',
      required: false,
      help: 'Where CloudTrail and IAM are read from. Default us-east-1.',
    },
    {
      key: 'endpoint',
      label: 'Endpoint',
      kind: 'url',
      required: false,
      help: 'Only for an AWS-compatible endpoint; empty for AWS itself.',
    },
  ],
  credentials,
  connect,
  async identify(client, context) {
    return `AWS account ${await client.accountId(context)}`;
  },
  checks: [
    {
      id: 'root_mfa',
      title: 'The root account has MFA',
      controlIds: ['IAM-04', 'IAM-05'],
      async run(client, context) {
        const { GetAccountSummaryCommand } = (await loadSdk()).iam;
        const { SummaryMap = {} } = await (await client.iam()).send(new GetAccountSummaryCommand({}), { abortSignal: context.signal });
        const passed = SummaryMap.AccountMFAEnabled === 1;
        return {
          summary: passed ? 'The root account signs in with MFA.' : 'The root account has no MFA.',
          resources: [{ id: 'root', passed, detail: `AccountMFAEnabled: ${SummaryMap.AccountMFAEnabled ?? 'absent'}` }],
          raw: SummaryMap,
        };
      },
    },
    {
      id: 'root_access_keys',
      title: 'The root account has no access keys',
      controlIds: ['IAM-04', 'IAM-11'],
      async run(client, context) {
        const { GetAccountSummaryCommand } = (await loadSdk()).iam;
        const { SummaryMap = {} } = await (await client.iam()).send(new GetAccountSummaryCommand({}), { abortSignal: context.signal });
        const passed = SummaryMap.AccountAccessKeysPresent === 0;
        return {
          summary: passed ? 'The root account has no access keys.' : 'The root account has access keys.',
          resources: [{ id: 'root', passed, detail: `AccountAccessKeysPresent: ${SummaryMap.AccountAccessKeysPresent ?? 'absent'}` }],
          raw: SummaryMap,
        };
      },
    },
    {
      id: 'iam_users_mfa',
      title: 'IAM users who sign in have MFA',
      controlIds: ['IAM-05', 'IAM-09'],
      async run(client, context) {
        const { paginateListUsers } = (await loadSdk()).iam;
        const users: User[] = [];
        for await (const page of paginateListUsers({ client: await client.iam(), pageSize: 1000 }, {})) users.push(...(page.Users ?? []));
        const report = new Map(iamUsers(await client.credentialReport(context)).map((row) => [row.user, row]));
        const items = users.map((user) => {
          const row = report.get(user.UserName ?? '');
          if (!row) return { id: user.UserName ?? '?', passed: false, detail: 'not in the credential report yet' };
          const console = row.password_enabled === 'true';
          const passed = !console || row.mfa_active === 'true';
          return {
            id: user.UserName ?? '?',
            passed,
            detail: console ? `console sign-in, MFA ${row.mfa_active === 'true' ? 'on' : 'off'}` : 'no console password',
          };
        });
        return resourcesOutput(
          items,
          { users: users.map((user) => ({ UserName: user.UserName, Arn: user.Arn })), credentialReport: [...report.values()] },
          { what: 'IAM users', failing: 'sign in without MFA' },
        );
      },
    },
    {
      id: 'access_key_age',
      title: `Access keys are rotated within ${ACCESS_KEY_MAX_AGE_DAYS} days`,
      controlIds: ['IAM-06', 'IAM-11', 'CRY-04'],
      async run(client, context) {
        const rows = iamUsers(await client.credentialReport(context));
        const items = rows.flatMap((row) =>
          ['1', '2'].flatMap((slot) => {
            if (row[`access_key_${slot}_active`] !== 'true') return [];
            const rotated = Date.parse(row[`access_key_${slot}_last_rotated`] ?? '');
            const days = Number.isNaN(rotated) ? Number.POSITIVE_INFINITY : Math.floor((context.now.getTime() - rotated) / DAY_MS);
            return [
              {
                id: `${row.user}/key${slot}`,
                passed: days <= ACCESS_KEY_MAX_AGE_DAYS,
                detail: Number.isFinite(days) ? `${days} days old` : 'rotation date unknown',
              },
            ];
          }),
        );
        return resourcesOutput(items, rows, { what: 'active access keys', failing: `are older than ${ACCESS_KEY_MAX_AGE_DAYS} days` });
      },
    },
    {
      id: 's3_public_access_block',
      title: 'S3 public access is blocked for the account',
      controlIds: ['NET-01', 'OPS-10', 'VEN-05', 'CFG-03'],
      async run(client, context) {
        const accountId = await client.accountId(context);
        const { S3ControlClient, GetPublicAccessBlockCommand } = (await loadSdk()).s3Control;
        const endpoint = client.credentials.endpoint;
        // The S3 Control endpoint rules put the account id into the host name; a given endpoint is used as it is.
        const s3control = new S3ControlClient({
          ...client.config(),
          ...(endpoint ? { endpointProvider: () => ({ url: new URL(endpoint) }) } : {}),
        });
        let block: Record<string, boolean | undefined> = {};
        try {
          const answer = await s3control.send(new GetPublicAccessBlockCommand({ AccountId: accountId }), { abortSignal: context.signal });
          block = { ...answer.PublicAccessBlockConfiguration };
        } catch (error) {
          if (!(error instanceof Error && error.name === 'NoSuchPublicAccessBlockConfiguration')) throw error;
        }
        const flags = ['BlockPublicAcls', 'IgnorePublicAcls', 'BlockPublicPolicy', 'RestrictPublicBuckets'];
        const off = flags.filter((flag) => block[flag] !== true);
        return {
          summary:
            off.length === 0 ? 'All four account-level public access blocks are on.' : `Off at the account level: ${off.join(', ')}.`,
          resources: [
            { id: `account ${accountId}`, passed: off.length === 0, detail: off.length === 0 ? 'all blocks on' : `off: ${off.join(', ')}` },
          ],
          raw: block,
        };
      },
    },
    {
      id: 'cloudtrail_all_regions',
      title: 'CloudTrail logs every region',
      controlIds: ['OPS-05', 'OPS-06', 'MON-01', 'INC-06', 'CFG-02'],
      async run(client, context) {
        const { CloudTrailClient, DescribeTrailsCommand, GetTrailStatusCommand } = (await loadSdk()).cloudTrail;
        const cloudtrail = new CloudTrailClient(client.config());
        const { trailList = [] } = await cloudtrail.send(new DescribeTrailsCommand({ includeShadowTrails: false }), {
          abortSignal: context.signal,
        });
        const items = [];
        for (const trail of trailList) {
          const status = await cloudtrail.send(new GetTrailStatusCommand({ Name: trail.TrailARN ?? trail.Name }), {
            abortSignal: context.signal,
          });
          items.push({
            id: trail.Name ?? '?',
            passed: trail.IsMultiRegionTrail === true && status.IsLogging === true,
            detail: `${trail.IsMultiRegionTrail ? 'all regions' : `only ${trail.HomeRegion}`}, ${status.IsLogging ? 'logging' : 'not logging'}`,
          });
        }
        const output = resourcesOutput(items, trailList, { what: 'trails', failing: 'do not log every region' });
        const covering = items.some((item) => item.passed);
        return {
          ...output,
          passed: covering,
          summary: covering ? `A multi-region trail is logging. ${output.summary}` : `No multi-region trail is logging. ${output.summary}`,
        };
      },
    },
    {
      id: 'ebs_default_encryption',
      title: 'EBS volumes are encrypted by default in every region',
      controlIds: ['CRY-02', 'CRY-01', 'CFG-01'],
      async run(client, context) {
        const { EC2Client, DescribeRegionsCommand, GetEbsEncryptionByDefaultCommand } = (await loadSdk()).ec2;
        const { Regions = [] } = await new EC2Client(client.config()).send(new DescribeRegionsCommand({}), { abortSignal: context.signal });
        const items = [];
        for (const region of Regions) {
          const name = region.RegionName ?? '?';
          const answer = await new EC2Client(client.config(name)).send(new GetEbsEncryptionByDefaultCommand({}), {
            abortSignal: context.signal,
          });
          items.push({
            id: name,
            passed: answer.EbsEncryptionByDefault === true,
            detail: answer.EbsEncryptionByDefault ? 'encrypted by default' : 'not encrypted by default',
          });
        }
        return resourcesOutput(items, items, { what: 'regions', failing: 'do not encrypt new volumes by default' });
      },
    },
  ],
});
