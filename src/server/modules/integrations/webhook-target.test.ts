import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../app-error.ts';
import { assertPublicWebhookTarget, isPublicAddress } from './webhook-target.ts';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['100.127.255.254', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['not-an-address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  // Issue 31: every IPv6 form that carries an IPv4 address, each with a loopback, a private and a
  // public IPv4 inside. A gateway or host stack may unwrap any of them, so none is a public target.
  const EMBEDDINGS: [form: string, embed: (v4: string, hex: string) => string][] = [
    ['IPv4-compatible ::/96, dotted', (v4) => `::${v4}`],
    ['IPv4-compatible ::/96, hex', (_v4, hex) => `::${hex}`],
    ['IPv4-compatible ::/96, spelled out', (_v4, hex) => `0:0:0:0:0:0:${hex}`],
    ['IPv4-mapped ::ffff:0:0/96, dotted', (v4) => `::ffff:${v4}`],
    ['IPv4-mapped ::ffff:0:0/96, hex', (_v4, hex) => `::ffff:${hex}`],
    ['IPv4-translated (SIIT) ::ffff:0:0:0/96', (_v4, hex) => `::ffff:0:${hex}`],
    ['NAT64 well-known prefix 64:ff9b::/96', (v4) => `64:ff9b::${v4}`],
    ['NAT64 local-use prefix 64:ff9b:1::/48', (_v4, hex) => `64:ff9b:1::${hex}`],
    ['6to4 2002::/16', (_v4, hex) => `2002:${hex}::1`],
    ['Teredo 2001::/32 (client address inverted)', (_v4, hex) => `2001:0:4136:e378:8000:63bf:${invert(hex)}`],
  ];
  const IPV4S: [v4: string, hex: string][] = [
    ['127.0.0.1', '7f00:1'],
    ['10.0.0.1', 'a00:1'],
    ['192.168.1.1', 'c0a8:101'],
    ['169.254.169.254', 'a9fe:a9fe'],
  ];
  const cases = EMBEDDINGS.flatMap(([form, embed]) => IPV4S.map(([v4, hex]) => [form, v4, embed(v4, hex)] as const));

  it.each(cases)('%s of %s (%s) is refused', (_form, _v4, address) => {
    expect(ipaddr.isValid(address)).toBe(true);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['discard 100::/64', '100::1'],
    ['documentation 2001:db8::/32', '2001:db8::1'],
    ['site-local fec0::/10', 'fec0::1'],
    ['outside 2000::/3, unassigned', '4000::1'],
    ['IPv4-compatible of a public address', '::808:808'],
    ['NAT64 of a public address', '64:ff9b::8.8.8.8'],
  ])('%s (%s) is refused', (_what, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([['2606:4700:4700::1111'], ['2a00:1450:4001:82b::200e'], ['::ffff:8.8.8.8']])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

/** Teredo stores the client's IPv4 address with every bit inverted. */
function invert(hex: string): string {
  const [high = '0', low = '0'] = hex.split(':');
  const flip = (group: string) => (0xffff ^ Number.parseInt(group, 16)).toString(16);
  return `${flip(high)}:${flip(low)}`;
}

const codeOf = async (promise: Promise<void>) => {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

describe('assertPublicWebhookTarget', () => {
  const dns: Record<string, string[]> = {
    'hooks.example.com': ['93.184.215.14'],
    'rebind.example.com': ['93.184.215.14', '10.0.0.5'],
    'metadata.example.com': ['169.254.169.254'],
    'compat.example.com': ['2606:4700:4700::1111', '::7f00:1'],
  };
  const resolve = async (host: string) => {
    const found = dns[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };

  it.each([
    ['https://hooks.example.com/in', 'accepted'],
    ['https://8.8.8.8/in', 'accepted'],
    ['http://localhost:3000/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://api.localhost/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://127.0.0.1:4000/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://[::1]/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://[fd00::1]/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://[::ffff:192.168.0.1]/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://[::7f00:1]/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://[::127.0.0.1]/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://[::ffff:127.0.0.1]/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://[64:ff9b::127.0.0.1]/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://[2002:7f00:1::1]/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['https://compat.example.com/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['http://0x7f000001/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['https://rebind.example.com/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['https://metadata.example.com/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['https://nowhere.example.com/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
  ])('%s → %s', async (url, expected) => {
    expect(await codeOf(assertPublicWebhookTarget(url, resolve))).toBe(expected);
  });
});
