import { describe, expect, it } from 'vitest';
import { rateLimitKey } from './rate-limit.ts';

describe('rateLimitKey', () => {
  it('charges a request whose client already hung up (no address left) to one shared counter, without throwing', () => {
    // Node clears socket.remoteAddress once the socket is gone, and request.ip reads it.
    const gone = { ip: undefined as unknown as string };
    expect(rateLimitKey(gone)).toBe('address-unknown');
  });

  it('keys on the address, an IPv6 /64 as one and a mapped IPv4 as itself', () => {
    expect(rateLimitKey({ ip: '203.0.113.9' })).toBe('203.0.113.9');
    expect(rateLimitKey({ ip: '2001:db8:1:2:3:4:5:6' })).toBe(rateLimitKey({ ip: '2001:db8:1:2:ffff:4:5:7' }));
    expect(rateLimitKey({ ip: '::ffff:198.51.100.7' })).toBe('198.51.100.7');
  });
});
