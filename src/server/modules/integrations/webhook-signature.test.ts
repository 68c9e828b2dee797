import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signature.ts';

const at = new Date('2026-11-26T12:00:00Z');

describe('webhook signature', () => {
  it('is HMAC-SHA256 of "<timestamp>.<body>", checked by a receiver written from the docs alone', () => {
    const header = signWebhook('s3cret', '{"a":1}', at);
    const [t, v1] = header.split(',').map((part) => part.split('=')[1]);
    expect(t).toBe(String(at.getTime() / 1000));
    expect(v1).toBe(createHmac('sha256', 's3cret').update(`${t}.{"a":1}`).digest('hex'));
  });

  it('verifies its own signature and refuses a changed body, another secret, an old timestamp and garbage', () => {
    const header = signWebhook('s3cret', 'body', at);
    expect(verifyWebhook('s3cret', 'body', header, { now: at })).toEqual({ valid: true });
    expect(verifyWebhook('s3cret', 'body!', header, { now: at })).toEqual({ valid: false, reason: 'mismatch' });
    expect(verifyWebhook('other', 'body', header, { now: at })).toEqual({ valid: false, reason: 'mismatch' });
    expect(verifyWebhook('s3cret', 'body', header, { now: new Date(at.getTime() + 301_000) })).toEqual({ valid: false, reason: 'expired' });
    expect(verifyWebhook('s3cret', 'body', 'v1=zz', { now: at })).toEqual({ valid: false, reason: 'malformed' });
  });
});
