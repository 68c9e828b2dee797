/**
 * Prerendered pages paint first, then start the app.
 *
 * React Router's bootstrap is an async module script plus one `<link rel="modulepreload">` per
 * chunk the page needs (~80 on the landing page). The preloads start at high priority while the
 * HTML is parsed, so the app's JavaScript competes with the stylesheet for the first paint, and
 * on a fast connection the whole module graph is evaluated and hydrated before anything is drawn.
 * The content of a prerendered page is already in its HTML: it needs none of that to be seen.
 *
 * This rewrite (run on every prerendered page after `react-router build`) removes the preloads
 * and replaces the bootstrap with one that waits for the first frame, then loads the same modules
 * (all requested at once, so there is no request waterfall), evaluates them in dependency order
 * in short steps that give the main thread back between them, and only then runs the router's
 * entry, which hydrates. The router's own streamed context scripts are left as they are.
 * The SPA fallback page (signed-in workspace) is not rewritten: it has nothing to paint first.
 */

import { TRUST_ISLAND_READY_EVENT, TRUST_ISLAND_RELEASE_EVENT, TRUST_SLOT_ID } from '../src/shared/trust-center-page.ts';
import { HYDRATED_EVENT } from '../src/web/lib/hydration.ts';

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?"([^"]+)";$/gm;
const ROUTE_MODULES = /window\.__reactRouterRouteModules = (\{[^;]*\});/;
const ENTRY_IMPORT = /import\("([^"]+)"\);/;
/** Static imports inside a built chunk: `from"./x.js"` and bare `import"./x.js"`. */
const CHUNK_IMPORT = /(?:from|import)\s*"\.\/([^"]+\.js)"/g;

export class BootstrapShapeError extends Error {}

/**
 * The modules in `hrefs` with every module after the modules it statically imports, so importing
 * them one by one evaluates each in its own step. `chunkSource` reads a built chunk by its href.
 */
export function dependencyOrder(hrefs: readonly string[], chunkSource: (href: string) => string): string[] {
  const ordered: string[] = [];
  const visited = new Set<string>();
  const visit = (href: string) => {
    if (visited.has(href)) return;
    visited.add(href);
    const base = href.slice(0, href.lastIndexOf('/') + 1);
    for (const match of chunkSource(href).matchAll(CHUNK_IMPORT)) visit(`${base}${match[1]}`);
    ordered.push(href);
  };
  hrefs.forEach(visit);
  return ordered;
}

/** The bootstrap's program; `plan` is its only input, written into the page as JSON. */
export interface BootstrapPlan {
  /** Every module the page needs, dependencies first; the entry is not among them. */
  modules: string[];
  /** Route id → module, as React Router's `window.__reactRouterRouteModules` expects them. */
  routes: Record<string, string>;
  entry: string;
}

// Pieces both programs below share (each is a run of statements; the trust page's runs them inside
// its async loaders). Slices: evaluation in ~8 ms pieces with the main thread given back in between.
const SLICES = `let sliceStart = performance.now();
const yieldIfLong = async () => {
  if (performance.now() - sliceStart < 8) return;
  await (globalThis.scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));
  sliceStart = performance.now();
};
`;
// Every module fetched (in parallel) before any is evaluated.
const PRELOAD_EVERY_MODULE = `const loaded = [];
for (const href of [...plan.modules, plan.entry]) {
  await yieldIfLong();
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  loaded.push(new Promise((resolve) => { link.onload = link.onerror = resolve; }));
  document.head.append(link);
}
await Promise.all(loaded);
`;
// Then evaluated module by module, the route modules handed to React Router as its bootstrap does.
const EVALUATE_IN_SLICES = `sliceStart = performance.now();
for (const href of plan.modules) {
  await yieldIfLong();
  await import(href);
}
const routeModules = {};
for (const [id, href] of Object.entries(plan.routes)) routeModules[id] = await import(href);
window.__reactRouterRouteModules = routeModules;
sliceStart = 0;
await yieldIfLong();
`;

// Runs in the browser, as plain ES2022 in a template so the page's CSP hashes it like any other
// inline script.
// - Until the app announces it has hydrated, a press on a button (links work without the app) or a
//   form submission is held and replayed once the app can handle it: a tap on the menu button
//   during start-up opens the menu a moment later instead of being lost, and a form is never
//   submitted natively (which would put its fields in the URL).
// - Every module is fetched (in parallel) before any is evaluated; evaluation then happens module
//   by module, in slices of ~8 ms with the main thread given back in between, instead of whole
//   subgraphs at a time as their requests happen to complete.
// - A module that fails to load stops the start-up with the error in the console, as React
//   Router's own bootstrap would; the page stays readable and its links keep working.
const BOOTSTRAP_PROGRAM = `const plan = __PLAN__;
const held = [];
const hold = (event) => {
  if (event.type === 'submit') {
    event.preventDefault();
    const { target: form, submitter } = event;
    held.push(() => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : undefined));
    return;
  }
  const control = event.target.closest?.('button, [role="button"], [role="tab"], [aria-haspopup]');
  if (!control || control.closest('a[href]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(() => control.isConnected && press(control));
};
// A whole press, not only a click, so a control acting on pointerdown (as Radix's menus do) answers too.
const press = (control) => {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType: 'mouse' };
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
    control.dispatchEvent(new (type.startsWith('pointer') ? PointerEvent : MouseEvent)(type, init));
  }
  control.click();
};
document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);
addEventListener(__HYDRATED_EVENT__, () => {
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  for (const replay of held.splice(0)) replay();
}, { once: true });
${SLICES}await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
sliceStart = performance.now();
${PRELOAD_EVERY_MODULE}${EVALUATE_IN_SLICES}import(plan.entry);`;

/** The trust page's bootstrap program: `plan` as for every page, plus the page's own client. */
export interface TrustBootstrapPlan extends BootstrapPlan {
  island: string;
}

// Runs in the browser, like BOOTSTRAP_PROGRAM (same loading and evaluation of the app's modules), in three
// phases:
// - 'island' until the page's own client (a few hundred bytes, imported after the first frame) announces it
//   is ready: every press and submission is held, as on other pages before the app has hydrated;
// - 'page' then: presses inside the client's part (the slot, an open dialog) are its own; a press or a
//   submission anywhere else is held and starts the app; the pointer or the focus resting on such a
//   control fetches the app's modules ahead;
// - 'app' from that press: everything is held until the app has hydrated, then replayed. Just before the
//   app's entry runs, the page's client is asked to let go of the page (an open access dialog closes, its
//   listeners go), so the app hydrates the page as the server sent it.
// If the page's client fails to load, the app starts at once: it renders the whole page by itself.
const TRUST_BOOTSTRAP_PROGRAM = `const plan = __PLAN__;
const slotId = __SLOT_ID__;
let phase = 'island';
const held = [];
const CONTROL = 'button, [role="button"], [role="tab"], [aria-haspopup]';
const owned = (node) => Boolean(node?.closest?.('#' + slotId + ', [role="dialog"]'));
const outsideControl = (node) => {
  const control = node?.closest?.(CONTROL);
  return control && !control.closest('a[href]') && !owned(control) ? control : undefined;
};
const hold = (event) => {
  if (phase === 'page' && owned(event.target)) return;
  if (event.type === 'submit') {
    event.preventDefault();
    const { target: form, submitter } = event;
    held.push(() => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : undefined));
  } else {
    const control = event.target.closest?.(CONTROL);
    if (!control || control.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(() => control.isConnected && press(control));
  }
  if (phase === 'page') startApp();
};
const press = (control) => {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType: 'mouse' };
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
    control.dispatchEvent(new (type.startsWith('pointer') ? PointerEvent : MouseEvent)(type, init));
  }
  control.click();
};
const replay = () => {
  for (const each of held.splice(0)) each();
};
document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);
addEventListener(__READY_EVENT__, () => {
  if (phase !== 'island') return;
  phase = 'page';
  replay();
}, { once: true });
addEventListener(__HYDRATED_EVENT__, () => {
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  replay();
}, { once: true });
${SLICES}let loading;
const loadApp = () => loading ??= (async () => {
${PRELOAD_EVERY_MODULE}})();
let starting;
const startApp = () => starting ??= (async () => {
  phase = 'app';
  await loadApp();
${EVALUATE_IN_SLICES}  dispatchEvent(new Event(__RELEASE_EVENT__));
  import(plan.entry);
})();
const warm = (event) => {
  if (phase === 'page' && outsideControl(event.target)) loadApp();
};
document.addEventListener('pointerover', warm, { passive: true });
document.addEventListener('focusin', warm);
await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
import(plan.island).catch((error) => {
  console.error(error);
  startApp();
});`;

export function trustBootstrapScript(plan: TrustBootstrapPlan): string {
  const planJson = JSON.stringify(plan).replaceAll('<', '\\u003c');
  const values: Record<string, string> = {
    __SLOT_ID__: JSON.stringify(TRUST_SLOT_ID),
    __READY_EVENT__: JSON.stringify(TRUST_ISLAND_READY_EVENT),
    __RELEASE_EVENT__: JSON.stringify(TRUST_ISLAND_RELEASE_EVENT),
    __HYDRATED_EVENT__: JSON.stringify(HYDRATED_EVENT),
  };
  return Object.entries(values)
    .reduce((program, [name, value]) => program.replace(name, () => value), TRUST_BOOTSTRAP_PROGRAM)
    .replace('__PLAN__', () => planJson);
}

export function bootstrapScript(plan: BootstrapPlan): string {
  // JSON in a script: `<` is escaped so no value can close the element.
  // Function replacements: a `$` in a value is not a replacement pattern.
  const planJson = JSON.stringify(plan).replaceAll('<', '\\u003c');
  return BOOTSTRAP_PROGRAM.replace('__HYDRATED_EVENT__', () => JSON.stringify(HYDRATED_EVENT)).replace('__PLAN__', () => planJson);
}

/** The plan of React Router's bootstrap in `html`, and that bootstrap's element; throws BootstrapShapeError on another shape. */
function readBootstrap(html: string, chunkSource: (href: string) => string): { plan: BootstrapPlan; element: string } {
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap) throw new BootstrapShapeError('no async module bootstrap script');
  const body = bootstrap[1] ?? '';
  const staticImports = [...body.matchAll(STATIC_IMPORT)];
  const routeModules = ROUTE_MODULES.exec(body)?.[1];
  const entry = ENTRY_IMPORT.exec(body)?.[1];
  if (!staticImports.length || !routeModules || !entry) throw new BootstrapShapeError('unexpected bootstrap script');

  const hrefByName = new Map(staticImports.flatMap(([, name, href]) => (name && href ? [[name, href]] : [])));
  const routes: Record<string, string> = {};
  // The route map is an object literal of identifiers: {"root":route0,"routes/x":route1}.
  for (const [, id, name] of routeModules.matchAll(/"([^"]+)":(\w+)/g)) {
    const href = id && name ? hrefByName.get(name) : undefined;
    if (!id || !href) throw new BootstrapShapeError(`route ${id ?? '?'} has no module`);
    routes[id] = href;
  }

  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1] ?? '');
  const wanted = [...preloads, ...staticImports.map(([, , href]) => href ?? '')].filter(Boolean);
  const modules = dependencyOrder(wanted, chunkSource).filter((href) => href !== entry);
  return { plan: { modules, routes, entry }, element: bootstrap[0] };
}

/** Rewrites one prerendered page; throws BootstrapShapeError when React Router's output changed shape. */
export function rewriteBootstrap(html: string, chunkSource: (href: string) => string): string {
  const { plan, element } = readBootstrap(html, chunkSource);
  const script = `<script type="module">${bootstrapScript(plan)}</script>`;
  return html.replace(PRELOAD, '').replace(element, () => script);
}

/**
 * The trust page's shell (docs/decisions/016-trust-page-rendered-by-the-server.md, "The page's own client"):
 * like every prerendered page, no preloads and nothing before the first paint; then the page's own client
 * (`island`, a module of its own build) serves the slot, and the app is started only by a press outside the
 * slot (its modules are fetched when the pointer or the focus reaches such a control).
 */
export function rewriteTrustBootstrap(html: string, chunkSource: (href: string) => string, island: string): string {
  const { plan, element } = readBootstrap(html, chunkSource);
  const script = `<script type="module">${trustBootstrapScript({ ...plan, island })}</script>`;
  return html.replace(PRELOAD, '').replace(element, () => script);
}
