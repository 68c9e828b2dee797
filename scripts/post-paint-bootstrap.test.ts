import { describe, expect, it } from 'vitest';
import { TRUST_ISLAND_READY_EVENT, TRUST_ISLAND_RELEASE_EVENT, TRUST_SLOT_ID } from '../src/shared/trust-center-page.ts';
import { BootstrapShapeError, bootstrapScript, dependencyOrder, rewriteBootstrap, rewriteTrustBootstrap } from './post-paint-bootstrap.ts';

// The shape React Router 7 prerenders (trimmed): preloads in the head, an async module bootstrap.
const page = `<!DOCTYPE html><html><head><title>x</title><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/react-1.js"/><link rel="modulepreload" href="/assets/root-1.js"/><link rel="modulepreload" href="/assets/home-1.js"/><link rel="stylesheet" href="/assets/root-1.css"/></head><body><main>Hello</main><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/home-1.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/marketing/home":route1};

import("/assets/entry.client-1.js");</script></body></html>`;

const chunks: Record<string, string> = {
  '/assets/manifest-1.js': 'window.__reactRouterManifest={};',
  '/assets/entry.client-1.js': 'import{r}from"./react-1.js";r();',
  '/assets/react-1.js': 'export const r=()=>{};',
  '/assets/root-1.js': 'import{r as a}from"./react-1.js";import"./side-effect-1.js";export default a;',
  '/assets/side-effect-1.js': 'globalThis.x=1;',
  '/assets/home-1.js': 'import{r}from"./react-1.js";import("./lazy-1.js");export default r;',
};
const source = (href: string) => chunks[href] ?? '';

function planOf(html: string) {
  const json = /const plan = (\{.*?\});\n/.exec(html)?.[1];
  if (!json) throw new Error('no plan');
  return JSON.parse(json) as { modules: string[]; routes: Record<string, string>; entry: string; island?: string };
}

/** The inline module's program; compiled (not run) as an async function body, so a syntax error fails here, not in a browser. */
function compiles(html: string): boolean {
  const program = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (body: string) => unknown;
  return typeof new AsyncFunction(program) === 'function';
}

describe('rewriteBootstrap', () => {
  it('removes the preloads and replaces the async bootstrap with one that starts after the first paint', () => {
    const html = rewriteBootstrap(page, source);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('<script type="module" async="">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-1.css"/>');
    expect(html).toContain('<script>window.__reactRouterContext = {};</script>');
    expect(html).toContain('requestAnimationFrame');
    expect(html.match(/<script type="module">/g)).toHaveLength(1);
    expect(compiles(html)).toBe(true);
  });

  it('loads the same modules, each after what it imports, and hands the router its route modules', () => {
    const plan = planOf(rewriteBootstrap(page, source));
    expect(plan.entry).toBe('/assets/entry.client-1.js');
    expect(plan.routes).toEqual({ root: '/assets/root-1.js', 'routes/marketing/home': '/assets/home-1.js' });
    expect(plan.modules).toEqual([
      '/assets/manifest-1.js',
      '/assets/react-1.js',
      '/assets/side-effect-1.js',
      '/assets/root-1.js',
      '/assets/home-1.js',
    ]);
    // A dynamic import stays lazy.
    expect(plan.modules).not.toContain('/assets/lazy-1.js');
  });

  it('refuses a page whose bootstrap it does not recognise, so the build fails instead of shipping a dead page', () => {
    expect(() => rewriteBootstrap('<html><body><script type="module">x()</script></body></html>', source)).toThrow(BootstrapShapeError);
    const missingRoute = page.replace('"routes/marketing/home":route1', '"routes/marketing/home":route9');
    expect(() => rewriteBootstrap(missingRoute, source)).toThrow(/has no module/);
  });
});

describe('rewriteTrustBootstrap', () => {
  const island = '/assets/trust-page/entry-1.js';

  it('starts the page’s own client after the first paint, and keeps the app’s plan for when it is asked for', () => {
    const html = rewriteTrustBootstrap(page, source, island);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('<script type="module" async="">');
    expect(html.match(/<script type="module">/g)).toHaveLength(1);
    const plan = planOf(html);
    expect(plan.island).toBe(island);
    expect(plan).toMatchObject(planOf(rewriteBootstrap(page, source)));
    expect(compiles(html)).toBe(true);
    // The client is imported once the first frame is drawn; the app's entry only inside startApp, after the release.
    const program = html.slice(html.indexOf('<script type="module">'));
    expect(program.indexOf('import(plan.island)')).toBeGreaterThan(program.indexOf('requestAnimationFrame'));
    expect(program.indexOf('import(plan.entry)')).toBeGreaterThan(program.indexOf('const startApp'));
    const release = program.indexOf(`dispatchEvent(new Event(${JSON.stringify(TRUST_ISLAND_RELEASE_EVENT)}))`);
    expect(release).toBeGreaterThan(program.indexOf('const startApp'));
    expect(program.indexOf('import(plan.entry)')).toBeGreaterThan(release);
    for (const name of [TRUST_SLOT_ID, TRUST_ISLAND_READY_EVENT, TRUST_ISLAND_RELEASE_EVENT])
      expect(program).toContain(JSON.stringify(name));
    expect(program).not.toMatch(/__[A-Z_]+__/);
  });

  it('cannot be closed early by the client’s address, and refuses a bootstrap it does not recognise', () => {
    expect(rewriteTrustBootstrap(page, source, '/assets/</script><script>alert(1)</script>.js')).not.toContain('</script><script>alert');
    expect(() => rewriteTrustBootstrap('<html><body></body></html>', source, island)).toThrow(BootstrapShapeError);
  });
});

describe('dependencyOrder', () => {
  it('visits each module once, dependencies first, and survives import cycles', () => {
    const cyclic: Record<string, string> = { '/a.js': 'import"./b.js";', '/b.js': 'import{x}from"./a.js";' };
    expect(dependencyOrder(['/a.js', '/b.js'], (href) => cyclic[href] ?? '')).toEqual(['/b.js', '/a.js']);
  });
});

describe('bootstrapScript', () => {
  it('cannot be closed early by a value in its plan', () => {
    const script = bootstrapScript({ modules: ['/assets/</script><script>alert(1)</script>.js'], routes: {}, entry: '/e.js' });
    expect(script).not.toContain('</script>');
  });
});
