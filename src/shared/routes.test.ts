import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, canonicalRoute, findPageRoute, isWorkspacePath, normalizePath, prerenderedPaths } from './routes.ts';

describe('the route table', () => {
  it('lists every route of product.md §2 once', () => {
    const paths = PAGE_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/privacy',
      '/cookies',
      '/subscribe',
      '/compliancecore/success',
      '/auditor-portal',
      '/agents',
      '/trust-center',
    ]) {
      expect(paths).toContain(path);
    }
    // product.md §2's 35, plus the workspace's own screens (issue 13): /reviews, /quality-scores, /agents,
    // and the trust center's settings (issue 36): /trust-center.
    expect(paths).toHaveLength(39);
  });

  it('prerenders public pages only', () => {
    expect(prerenderedPaths()).toContain('/pricing');
    expect(prerenderedPaths()).not.toContain('/dashboard-compliancecore');
    expect(isWorkspacePath('/admin')).toBe(true);
    expect(isWorkspacePath('/pricing')).toBe(false);
  });

  it('points aliases at their canonical page', () => {
    expect(canonicalRoute(findPageRoute('/privacy')!).path).toBe('/privacy-policy');
    expect(canonicalRoute(findPageRoute('/cookies')!).path).toBe('/cookie-policy');
    expect(canonicalRoute(findPageRoute('/subscribe')!).path).toBe('/subscription');
  });

  it('normalises trailing slashes and queries', () => {
    expect(normalizePath('/pricing/')).toBe('/pricing');
    expect(normalizePath('/pricing?plan=growth')).toBe('/pricing');
    expect(normalizePath('/')).toBe('/');
    expect(findPageRoute('/nope')).toBeUndefined();
  });
});
