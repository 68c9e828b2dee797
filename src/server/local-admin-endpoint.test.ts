import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localAdminEndpointPath, publishLocalAdminEndpoint, readLocalAdminEndpoint } from './local-admin-endpoint.ts';

afterEach(() => vi.useRealTimers());

describe('the running server’s admin address file', () => {
  it('names the current service-role key after a rotation, is private, and goes when the server stops', () => {
    vi.useFakeTimers();
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cc-endpoint-')), 'data');
    let key = 'key-before-rotation';
    const stop = publishLocalAdminEndpoint(dataDir, 'http://127.0.0.1:3000', () => key);
    expect(readLocalAdminEndpoint(dataDir)).toEqual({
      pid: process.pid,
      url: 'http://127.0.0.1:3000',
      serviceRoleKey: 'key-before-rotation',
    });
    expect(fs.statSync(localAdminEndpointPath(dataDir)).mode & 0o777).toBe(0o600);

    key = 'key-after-rotation';
    vi.advanceTimersByTime(60_000);
    expect(readLocalAdminEndpoint(dataDir)?.serviceRoleKey).toBe('key-after-rotation');

    stop();
    expect(fs.existsSync(localAdminEndpointPath(dataDir))).toBe(false);
  });
});
