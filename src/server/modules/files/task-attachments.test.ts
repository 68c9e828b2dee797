import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../../../tests/auth-helpers.ts';
import { readJson } from '../../../../tests/read-response.ts';
import { createTenantFixture, type TenantActor, type TenantFixture } from '../../../../tests/tenant-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../../tests/test-database.ts';
import { taskAttachmentSchema } from '../../../shared/schemas/deliverables.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { ensureProfile, grantRole } from '../../platform/access/access.service.ts';
import { renderDeliverable } from '../deliverables/render/render-deliverable.ts';
import { sha256Of } from '../../platform/files/file-store.ts';

/** Uploading and downloading task attachments through the real routes, files under a temporary DATA_DIR. */
let database: TestDatabase;
let app: FastifyInstance;
let fixture: TenantFixture;
let dataDir: string;
let orphanToken: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('…an image of the network diagram')]);
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-attachments-'));
  database = await createTestDatabase();
  app = await buildApp({ database, env: parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }) });
  fixture = await createTenantFixture(app, database);
  const orphan = await createTestUser(app);
  await ensureProfile(database.db, { userId: orphan.userId, userType: 'client' });
  await grantRole(database.db, { userId: orphan.userId, role: 'client' });
  orphanToken = orphan.accessToken;
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const bearer = (actor: TenantActor) => `Bearer ${fixture.tokens[actor]}`;
const upload = (authorization: string, bytes: Buffer, contentType: string, query = 'fileName=diagram.png') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/task-attachments?${query}`,
    headers: { authorization, 'content-type': contentType },
    payload: bytes,
  });

describe('uploadTaskAttachment', () => {
  it('stores a file under its SHA-256 and downloads it back to the organization only', async () => {
    const response = await upload(bearer('clientOfA'), PNG, 'image/png', `fileName=${encodeURIComponent('Network diagram (v2) é.png')}`);
    expect(response.statusCode, response.body).toBe(201);
    const attachment = readJson(response, taskAttachmentSchema);
    expect(attachment).toMatchObject({
      fileName: 'Network diagram (v2) é.png',
      mediaType: 'image/png',
      sizeBytes: PNG.length,
      sha256: sha256Of(PNG),
    });
    expect(await fs.readFile(path.join(dataDir, 'files', attachment.sha256.slice(0, 2), attachment.sha256))).toEqual(PNG);

    const download = await app.inject({
      method: 'GET',
      url: `/api/v1/task-attachments/${attachment.id}`,
      headers: { authorization: bearer('clientOfA') },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(PNG);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Network diagram _v2_ e.png"; filename*=UTF-8''Network%20diagram%20%28v2%29%20%C3%A9.png`,
    );
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/task-attachments/${attachment.id}`,
          headers: { authorization: bearer('staffOfA') },
        })
      ).statusCode,
    ).toBe(200);
    for (const actor of ['clientOfB', 'staffUnassigned'] as const) {
      const other = await app.inject({
        method: 'GET',
        url: `/api/v1/task-attachments/${attachment.id}`,
        headers: { authorization: bearer(actor) },
      });
      expect(other.statusCode, actor).toBe(404);
      expect(other.json().error.message).toBe('No such attachment.');
    }
  });

  it('accepts a Word document, a CSV and a text file that are what they claim', async () => {
    const docx = await renderDeliverable('docx', {
      heading: { title: 'Policy', organizationName: 'Acme', version: 1, publishedAt: new Date() },
      markdown: '# Policy\n\nText.',
    });
    expect((await upload(bearer('clientOfA'), docx.body, DOCX_TYPE, 'fileName=policy.docx')).statusCode).toBe(201);
    expect(
      (await upload(bearer('clientOfA'), Buffer.from('control,owner\nMFA,IT\n'), 'text/csv; charset=utf-8', 'fileName=controls.csv'))
        .statusCode,
    ).toBe(201);
    expect((await upload(bearer('clientOfA'), Buffer.from('notes'), 'text/plain', 'fileName=notes.txt')).statusCode).toBe(201);
  });

  it('refuses bytes that are not what they claim (415), unknown types (415), empty (400) and too large (413)', async () => {
    const renamed = await upload(bearer('clientOfA'), PNG, 'application/pdf', 'fileName=diagram.pdf');
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const json = await upload(bearer('clientOfA'), Buffer.from('{"a":1}'), 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await upload(bearer('clientOfA'), Buffer.from([0x61, 0x00]), 'text/plain', 'fileName=a.txt')).statusCode).toBe(415);
    const empty = await upload(bearer('clientOfA'), Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    const large = await upload(bearer('clientOfA'), Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'image/png');
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a missing or unsafe file name', async () => {
    for (const query of [
      '',
      'fileName=',
      'fileName=..%2Fetc%2Fpasswd',
      'fileName=a%5Cb.png',
      'fileName=a%0Ab.png',
      `fileName=${'a'.repeat(201)}`,
    ]) {
      const response = await upload(bearer('clientOfA'), PNG, 'image/png', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('VALIDATION_FAILED');
    }
  });

  it('puts staff uploads in the organization they name and reach; a client with no organization gets 409', async () => {
    const unnamed = await upload(bearer('staffOfA'), PNG, 'image/png');
    expect(unnamed.statusCode).toBe(400);
    expect((await upload(bearer('staffOfA'), PNG, 'image/png', `fileName=d.png&organizationId=${fixture.orgs.a.id}`)).statusCode).toBe(201);
    expect((await upload(bearer('staffOfA'), PNG, 'image/png', `fileName=d.png&organizationId=${fixture.orgs.b.id}`)).statusCode).toBe(404);
    expect((await upload(bearer('clientOfA'), PNG, 'image/png', `fileName=d.png&organizationId=${fixture.orgs.b.id}`)).statusCode).toBe(
      404,
    );
    const orphan = await upload(`Bearer ${orphanToken}`, PNG, 'image/png');
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json().error.code).toBe('CONFLICT');
  });

  it('needs a signed-in user allowed to create tasks', async () => {
    expect((await upload('Bearer nope', PNG, 'image/png')).statusCode).toBe(401);
  });
});
