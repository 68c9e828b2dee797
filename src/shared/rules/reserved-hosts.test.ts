import { describe, expect, it } from 'vitest';
import { isReservedExampleHost, isReservedExampleUrl } from './reserved-hosts.ts';

describe('isReservedExampleHost', () => {
  it.each([
    'example.com',
    'www.example.com',
    'news.EXAMPLE.net',
    'example.org.',
    'complianceledger.example',
    'a.b.test',
    'nowhere.invalid',
    'localhost',
    'app.localhost',
  ])('%s is reserved', (host) => {
    expect(isReservedExampleHost(host)).toBe(true);
  });

  it.each(['techcrunch.com', 'example.co.uk', 'myexample.com', 'example.com.au', 'testing.io', 'contest.org'])('%s is not', (host) => {
    expect(isReservedExampleHost(host)).toBe(false);
  });
});

describe('isReservedExampleUrl', () => {
  it('reads the host of an absolute URL and leaves site paths alone', () => {
    expect(isReservedExampleUrl('https://risktechreview.example/features/x')).toBe(true);
    expect(isReservedExampleUrl('https://www.reuters.com/technology/')).toBe(false);
    expect(isReservedExampleUrl('/press/flat-fee-compliance-subscriptions')).toBe(false);
  });
});
