import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { once } from '../../../shared/once.ts';
import type { PublicTrustCenter } from '../../../shared/schemas/trust-center.ts';
import {
  TRUST_DATA_ID,
  TRUST_SHELL_PATH,
  TRUST_SLOT_ID,
  type TrustPageData,
  embeddedJson,
  trustCenterTitle,
} from '../../../shared/trust-center-page.ts';

/**
 * `/trust/<slug>` rendered by the server (docs/decisions/016-trust-page-rendered-by-the-server.md): the
 * prerendered shell (marketing layout, post-paint bootstrap, an empty slot) with the slot filled by the
 * trust page's own renderer (built by `npm run build` into `<BUILD_DIR>/trust-page/`), the title naming the
 * organization, and the page's data embedded as JSON for the app's first render.
 */

/** The page's data for a slug, `null` when it has no trust center (app wiring: trust-center module). */
export type TrustCenterPageSource = (request: FastifyRequest, slug: string) => Promise<PublicTrustCenter | null>;
/** The slot's HTML for the data (src/web/features/trust-center/render-trust-slot.tsx). */
export type RenderTrustSlot = (data: TrustPageData) => string;

const EMPTY_SLOT = `<div id="${TRUST_SLOT_ID}"></div>`;
const TITLE = /<title>[^<]*<\/title>/;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

/** Where the build put the shell and the renderer, relative to the web build (`<BUILD_DIR>/client`). */
export function trustPageFiles(webDir: string) {
  return {
    shell: path.join(webDir, TRUST_SHELL_PATH, 'index.html'),
    renderer: path.join(webDir, '..', 'trust-page', 'render-trust-slot.js'),
  };
}

/** The shell must have exactly one empty slot and one title, or the build changed shape: fail loudly at start. */
export function checkTrustShell(shell: string): void {
  if (shell.split(EMPTY_SLOT).length !== 2) throw new Error(`The trust page's shell has no single empty ${EMPTY_SLOT}`);
  if (!TITLE.test(shell)) throw new Error("The trust page's shell has no <title>");
}

/**
 * The page for `data.slug`: every organization value goes through React's escaping (the slot), `escapeHtml`
 * (the title) or `embeddedJson` (the data), so none can close an element or open one.
 */
export function fillTrustShell(shell: string, data: TrustPageData, renderSlot: RenderTrustSlot): string {
  if (!/^[a-z0-9-]+$/.test(data.slug)) throw new Error(`not a trust-center slug: ${data.slug}`);
  const json = `<script type="application/json" id="${TRUST_DATA_ID}">${embeddedJson(data)}</script>`;
  return shell
    .replaceAll(TRUST_SHELL_PATH, `/trust/${data.slug}`)
    .replace(TITLE, () => `<title>${escapeHtml(trustCenterTitle(data, data.slug))}</title>`)
    .replace(EMPTY_SLOT, () => `<div id="${TRUST_SLOT_ID}">${renderSlot(data)}</div>`)
    .replace('</body>', () => `${json}</body>`);
}

/**
 * The built renderer, loaded at the first trust page served (it brings React's server renderer and the
 * page's components, ~5 MB of source: not for a server nobody asks for a trust page); undefined when
 * this build has none (a web build from before, a test's pages).
 */
export function trustSlotRenderer(file: string): (() => Promise<RenderTrustSlot>) | undefined {
  if (!fs.existsSync(file)) return undefined;
  return once(async () => ((await import(pathToFileURL(file).href)) as { renderTrustSlot: RenderTrustSlot }).renderTrustSlot);
}
