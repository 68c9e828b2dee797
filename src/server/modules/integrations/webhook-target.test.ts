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
});

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
    ['http://0x7f000001/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['https://rebind.example.com/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['https://metadata.example.com/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
    ['https://nowhere.example.com/in', 'WEBHOOK_TARGET_NOT_PUBLIC'],
  ])('%s → %s', async (url, expected) => {
    expect(await codeOf(assertPublicWebhookTarget(url, resolve))).toBe(expected);
  });
});
