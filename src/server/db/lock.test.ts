import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './lock.ts';

const dirs: string[] = [];
const tempDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-lock-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('writes our PID beside the folder and removes it on release', () => {
    const dataDir = tempDataDir();
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses while another live process holds it', () => {
    const dataDir = tempDataDir();
    // PID 1 is always alive.
    fs.writeFileSync(`${dataDir}.lock`, '1');
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by another ComplianceCore process \(PID 1\)/);
  });

  it('takes over a lock left by a process that died', () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(`${dataDir}.lock`, '999999999');
    const lock = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
