/**
 * `npm run bench`: figures and ratios, never pass/fail. Run after `npm run build`.
 *  - the landing page's weight: the JS and CSS it loads, gzip and brotli bytes
 *  - the server's throughput on /health and on the prerendered landing page
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app.ts';
import { openPglite } from '../src/server/db/client.ts';
import { webBuildDirFromEnv } from '../src/server/env.ts';

const WEB_BUILD_DIR = webBuildDirFromEnv();

function landingPageWeight() {
  const html = fs.readFileSync(path.join(WEB_BUILD_DIR, 'index.html'), 'utf8');
  const refs = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? ''));
  let js = 0;
  let css = 0;
  let brotli = 0;
  for (const ref of refs) {
    const file = path.join(WEB_BUILD_DIR, ref);
    const gz = gzipSync(fs.readFileSync(file), { level: 9 }).length;
    const br = fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : gz;
    brotli += br;
    if (ref.endsWith('.js')) js += gz;
    else css += gz;
  }
  const htmlGzip = gzipSync(html).length;
  return { files: refs.size, jsGzipBytes: js, cssGzipBytes: css, totalBrotliBytes: brotli, htmlGzipBytes: htmlGzip };
}

async function throughput(url: string, title: string) {
  const result = await autocannon({ url, connections: 20, duration: 5, title, headers: { 'accept-encoding': 'br' } });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

const database = await openPglite();
await database.migrate();
const app = await buildApp({ database, webDir: WEB_BUILD_DIR });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const weight = landingPageWeight();
console.log('\nLanding page weight (what / loads before any interaction)');
console.table(weight);

const health = await throughput(`${address}/health`, 'health');
const landing = await throughput(`${address}/`, 'landing');
console.log('\nServer throughput (20 connections, 5 s each, one process, embedded PGlite)');
console.table({ '/health': health, '/ (prerendered, brotli)': landing });
console.log(
  `ratio: the landing page serves at ${(landing.requestsPerSecond / Math.max(1, health.requestsPerSecond)).toFixed(2)}× the rate of /health (which queries the database)`,
);

await app.close();
await database.close();
