import type { ServerResponse } from 'node:http';
import { type Peer, type PeerRequest, sendJson, sendXml, startPeer } from './peer-server.ts';

/**
 * The part of AWS the AWS connector calls, for its tests, on one local endpoint: IAM and STS (query
 * protocol, XML; ListUsers paged with Marker), EC2 (EC2 query; the region read from the request's
 * signature scope), CloudTrail (JSON 1.1) and S3 Control (REST XML). The access key `AKIAREVOKED…` is
 * refused as AWS refuses a deleted key; `faults.throttleOnce` answers Throttling (400) once per action.
 */

export interface AwsUser {
  name: string;
  console: boolean;
  mfa: boolean;
  /** Age in days of the active access keys. */
  keyAges: number[];
}

export interface AwsPeer extends Peer {
  state: {
    rootMfa: boolean;
    rootKeys: boolean;
    users: AwsUser[];
    publicAccessBlock: Record<string, boolean> | null;
    trails: { name: string; multiRegion: boolean; logging: boolean }[];
    ebsByRegion: Record<string, boolean>;
  };
  faults: { throttleOnce: Set<string>; denied: Set<string> };
}

const IAM_NS = 'https://iam.amazonaws.com/doc/2010-05-08/';
const EC2_NS = 'http://ec2.amazonaws.com/doc/2016-11-15/';
const ACCOUNT = '123456789012';

const queryError = (response: ServerResponse, status: number, code: string, message: string) =>
  sendXml(
    response,
    status,
    `<ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>r</RequestId></ErrorResponse>`,
  );

const iso = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

function credentialReport(state: AwsPeer['state']): string {
  const columns = [
    'user',
    'arn',
    'password_enabled',
    'mfa_active',
    'access_key_1_active',
    'access_key_1_last_rotated',
    'access_key_2_active',
    'access_key_2_last_rotated',
  ];
  const key = (ages: number[], index: number) => (ages[index] === undefined ? ['false', 'N/A'] : ['true', iso(ages[index])]);
  const rows = [
    [
      '<root_account>',
      `arn:aws:iam::${ACCOUNT}:root`,
      'not_supported',
      String(state.rootMfa),
      String(state.rootKeys),
      state.rootKeys ? iso(400) : 'N/A',
      'false',
      'N/A',
    ],
    ...state.users.map((user) => [
      user.name,
      `arn:aws:iam::${ACCOUNT}:user/${user.name}`,
      String(user.console),
      String(user.mfa),
      ...key(user.keyAges, 0),
      ...key(user.keyAges, 1),
    ]),
  ];
  return [columns.join(','), ...rows.map((row) => row.join(','))].join('\n');
}

function iam(action: string, form: URLSearchParams, state: AwsPeer['state'], response: ServerResponse) {
  const wrap = (result: string) =>
    sendXml(
      response,
      200,
      `<${action}Response xmlns="${IAM_NS}"><${action}Result>${result}</${action}Result><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></${action}Response>`,
    );
  switch (action) {
    case 'GetAccountSummary':
      return wrap(
        `<SummaryMap><entry><key>AccountMFAEnabled</key><value>${state.rootMfa ? 1 : 0}</value></entry><entry><key>AccountAccessKeysPresent</key><value>${state.rootKeys ? 1 : 0}</value></entry><entry><key>Users</key><value>${state.users.length}</value></entry></SummaryMap>`,
      );
    case 'ListUsers': {
      const start = Number(form.get('Marker') ?? 0);
      const size = Math.min(Number(form.get('MaxItems') ?? 100), 100);
      const page = state.users.slice(start, start + size);
      const more = start + size < state.users.length;
      const members = page
        .map(
          (user, index) =>
            `<member><Path>/</Path><UserName>${user.name}</UserName><UserId>AIDA${start + index}</UserId><Arn>arn:aws:iam::${ACCOUNT}:user/${user.name}</Arn><CreateDate>2024-01-01T00:00:00Z</CreateDate></member>`,
        )
        .join('');
      return wrap(`<Users>${members}</Users><IsTruncated>${more}</IsTruncated>${more ? `<Marker>${start + size}</Marker>` : ''}`);
    }
    case 'GenerateCredentialReport':
      return wrap('<State>COMPLETE</State><Description>ready</Description>');
    case 'GetCredentialReport':
      return wrap(
        `<Content>${Buffer.from(credentialReport(state)).toString('base64')}</Content><ReportFormat>text/csv</ReportFormat><GeneratedTime>2026-01-01T00:00:00Z</GeneratedTime>`,
      );
    default:
      return queryError(response, 400, 'InvalidAction', action);
  }
}

function ec2(action: string, region: string, state: AwsPeer['state'], response: ServerResponse) {
  if (action === 'DescribeRegions') {
    const items = Object.keys(state.ebsByRegion)
      .map(
        (name) =>
          `<item><regionName>${name}</regionName><regionEndpoint>ec2.${name}.amazonaws.com</regionEndpoint><optInStatus>opt-in-not-required</optInStatus></item>`,
      )
      .join('');
    return sendXml(
      response,
      200,
      `<DescribeRegionsResponse xmlns="${EC2_NS}"><requestId>r</requestId><regionInfo>${items}</regionInfo></DescribeRegionsResponse>`,
    );
  }
  return sendXml(
    response,
    200,
    `<GetEbsEncryptionByDefaultResponse xmlns="${EC2_NS}"><requestId>r</requestId><ebsEncryptionByDefault>${state.ebsByRegion[region] === true}</ebsEncryptionByDefault><sseType>sse-ebs</sseType></GetEbsEncryptionByDefaultResponse>`,
  );
}

function cloudtrail(target: string, body: string, state: AwsPeer['state'], response: ServerResponse) {
  const json = { 'content-type': 'application/x-amz-json-1.1' };
  if (target.endsWith('.DescribeTrails')) {
    return sendJson(
      response,
      200,
      {
        trailList: state.trails.map((trail) => ({
          Name: trail.name,
          TrailARN: `arn:aws:cloudtrail:us-east-1:${ACCOUNT}:trail/${trail.name}`,
          IsMultiRegionTrail: trail.multiRegion,
          HomeRegion: 'us-east-1',
        })),
      },
      json,
    );
  }
  const name = String((JSON.parse(body || '{}') as { Name?: string }).Name ?? '')
    .split('/')
    .pop();
  const trail = state.trails.find((candidate) => candidate.name === name);
  if (!trail) return sendJson(response, 400, { __type: 'TrailNotFoundException', message: 'no such trail' }, json);
  return sendJson(response, 200, { IsLogging: trail.logging }, json);
}

export async function startAwsPeer(): Promise<AwsPeer> {
  const state: AwsPeer['state'] = { rootMfa: true, rootKeys: false, users: [], publicAccessBlock: null, trails: [], ebsByRegion: {} };
  const faults: AwsPeer['faults'] = { throttleOnce: new Set(), denied: new Set() };
  const peer = await startPeer((request: PeerRequest, response) => {
    const authorization = String(request.headers.authorization ?? '');
    const region = /Credential=[^/]+\/\d+\/([^/]+)\//.exec(authorization)?.[1] ?? 'us-east-1';
    const form = new URLSearchParams(request.body);
    const target = String(request.headers['x-amz-target'] ?? '');
    const action = form.get('Action') ?? target.split('.').pop() ?? request.url.pathname;
    if (authorization.includes('Credential=AKIAREVOKED'))
      return queryError(response, 403, 'InvalidClientTokenId', 'The security token included in the request is invalid.');
    if (faults.throttleOnce.delete(action)) return queryError(response, 400, 'Throttling', 'Rate exceeded');
    if (faults.denied.has(action)) return queryError(response, 403, 'AccessDenied', `User is not authorized to perform: ${action}`);
    if (action === 'GetCallerIdentity') {
      return sendXml(
        response,
        200,
        `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>arn:aws:iam::${ACCOUNT}:user/auditor</Arn><UserId>AIDAAUDITOR</UserId><Account>${ACCOUNT}</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></GetCallerIdentityResponse>`,
      );
    }
    if (form.get('Version') === '2010-05-08') return iam(action, form, state, response);
    if (form.get('Version') === '2016-11-15') return ec2(action, region, state, response);
    if (target.includes('CloudTrail')) return cloudtrail(target, request.body, state, response);
    if (request.url.pathname === '/v20180820/configuration/publicAccessBlock') {
      if (!state.publicAccessBlock)
        return sendXml(
          response,
          404,
          '<Error><Code>NoSuchPublicAccessBlockConfiguration</Code><Message>The public access block configuration was not found</Message></Error>',
        );
      const flags = Object.entries(state.publicAccessBlock)
        .map(([flag, on]) => `<${flag}>${on}</${flag}>`)
        .join('');
      return sendXml(
        response,
        200,
        `<?xml version="1.0" encoding="UTF-8"?><PublicAccessBlockConfiguration xmlns="http://awss3control.amazonaws.com/doc/2018-08-20/">${flags}</PublicAccessBlockConfiguration>`,
      );
    }
    return queryError(response, 400, 'InvalidAction', `${action} ${request.url.pathname}`);
  });
  return { ...peer, state, faults };
}
