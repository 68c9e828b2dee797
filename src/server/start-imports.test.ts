import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * What the server loads to start (decision 012): packages it needs only for some requests, or only
 * when configured, load at first use. Importing a module is enough to cost its memory and start-up
 * time, so this checks the modules Node itself loads, in a fresh process, for what the entry
 * (start-server.ts) imports: the app, the database client and the seeds.
 */

const serverDir = import.meta.dirname;
const LOADED_ON_DEMAND = [
  'pdfkit', // PDF downloads and readiness reports
  'docx', // Word downloads
  'remark-parse', // Markdown → document blocks for those downloads
  'nodemailer', // the SMTP transport, at its first message
  'qrcode', // MFA enrolment
  '@electric-sql/pglite', // the embedded database, only when there is no DATABASE_URL
  'stripe', // BILLING_PROVIDER=stripe
  '@aws-sdk/client-s3', // FILE_STORE=s3
  'ioredis', // REDIS_URL
  '@okta/okta-sdk-nodejs', // an Okta connection, at its first check
  'exceljs', // questionnaire uploads and exports (.xlsx)
  'compromise', // reading a task request's brief (agent runs)
  'mammoth', // .docx questionnaires and brief attachments
  '@node-saml/node-saml', // SAML single sign-on, at its first request
  '@googleapis/admin', // a Google Workspace connection, at its first check
  '@simplewebauthn/server', // passkeys (WebAuthn MFA), at the first ceremony
  '@modelcontextprotocol/sdk', // the MCP endpoint, at its first request
  '@aws-sdk/client-cloudtrail', // an AWS connection, at its first call (CloudTrail's trails)
  '@aws-sdk/client-ec2', // an AWS connection, at its first call (EBS encryption by region)
  '@aws-sdk/client-iam', // an AWS connection, at its first call (root, users, keys)
  '@aws-sdk/client-s3-control', // an AWS connection, at its first call (S3's public access block)
  '@aws-sdk/client-sts', // an AWS connection, at its first call (the account id)
];

it('starting the server on PostgreSQL loads none of the packages it needs only on demand', async () => {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
    await import(${JSON.stringify(pathToFileURL(path.join(serverDir, 'app.ts')).href)});
    await import(${JSON.stringify(pathToFileURL(path.join(serverDir, 'db/client.ts')).href)});
    await import(${JSON.stringify(pathToFileURL(path.join(serverDir, 'db/seed.ts')).href)});
    await import(${JSON.stringify(pathToFileURL(path.join(serverDir, 'modules/frameworks/catalogue-seed.ts')).href)});
    await import(${JSON.stringify(pathToFileURL(path.join(serverDir, 'modules/content/content.service.ts')).href)});
    console.log(JSON.stringify(loaded));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const loaded = JSON.parse(stdout) as string[];
  const packagesLoaded = new Set(loaded.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
  expect(packagesLoaded.has('fastify')).toBe(true); // the hook saw the app load
  expect(LOADED_ON_DEMAND.filter((name) => packagesLoaded.has(name))).toEqual([]);
}, 120_000);
