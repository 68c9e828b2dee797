import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const PUBLIC_URL = 'https://app.example.com';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NODE_ENV).toBe('development');
  });

  it('honours PORT, HOST, DATA_DIR and DATABASE_URL', () => {
    const env = parseEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/cc',
      DATABASE_URL: 'postgres://app@db:5432/cc',
    });
    expect(env).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATA_DIR: '/var/lib/cc', DATABASE_URL: 'postgres://app@db:5432/cc' });
  });

  it('runs the embedded database in its own thread unless told not to, and drafts in process unless told to (decision 014)', () => {
    expect(parseEnv({}).PGLITE_THREAD).toBe(true);
    expect(parseEnv({ PGLITE_THREAD: '' }).PGLITE_THREAD).toBe(true);
    for (const off of ['0', 'false', 'no']) expect(parseEnv({ PGLITE_THREAD: off }).PGLITE_THREAD).toBe(false);
    expect(parseEnv({}).DRAFT_THREAD).toBe(false);
    expect(parseEnv({ DRAFT_THREAD: '1' }).DRAFT_THREAD).toBe(true);
  });

  it('rejects a bad port with a readable message', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(EnvError);
  });

  it('refuses production on the embedded database unless explicitly allowed', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL/);
    expect(parseEnv({ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '1', PUBLIC_URL }).ALLOW_EMBEDDED_DB).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/cc', PUBLIC_URL }).NODE_ENV).toBe('production');
  });

  it('refuses production without PUBLIC_URL (the Host header never names the site)', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/cc' })).toThrow(/needs PUBLIC_URL/);
  });

  it('keeps mailer autoconfirm off by default and refuses it in production unless explicitly allowed', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/cc', PUBLIC_URL };
    expect(parseEnv({}).AUTH_MAILER_AUTOCONFIRM).toBe(false);
    expect(parseEnv({ AUTH_MAILER_AUTOCONFIRM: '1' }).AUTH_MAILER_AUTOCONFIRM).toBe(true);
    expect(() => parseEnv({ ...production, AUTH_MAILER_AUTOCONFIRM: '1' })).toThrow(/AUTH_ALLOW_AUTOCONFIRM_IN_PRODUCTION=1/);
    const allowed = parseEnv({ ...production, AUTH_MAILER_AUTOCONFIRM: '1', AUTH_ALLOW_AUTOCONFIRM_IN_PRODUCTION: '1' });
    expect(allowed.AUTH_MAILER_AUTOCONFIRM).toBe(true);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['true', 1],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8, ::1', ['10.0.0.1', '10.0.0.0/8', '::1']],
  ])('reads TRUST_PROXY=%j as %j (never "trust every hop")', (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor proxy addresses', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'yes-please' })).toThrow(/TRUST_PROXY: not a hop count/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/8/1' })).toThrow(/TRUST_PROXY/);
  });
});
