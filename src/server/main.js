/**
 * The process entry (`npm run serve`). Two things happen before the server's modules load, which
 * is why they load by dynamic import (static imports would all load before these lines run):
 * - Node's compile cache is turned on. It keeps each module's compiled code, type stripping
 *   included, between starts (in NODE_COMPILE_CACHE, or `node-compile-cache` under the system's
 *   temporary directory); a module whose source changed is compiled afresh, and where the
 *   directory cannot be written the server starts as before, only slower.
 * - `quick-resolve.ts` takes the slow part of Node's module resolution off the start.
 *
 * Plain JavaScript on purpose: a `.ts` entry is compiled before the cache is on, so every start
 * would load Node's TypeScript stripper (a WebAssembly build of swc: ~0.4 s of CPU and ~15 MB
 * resident for the life of the process). With this file in JavaScript a restart strips nothing.
 * Both: docs/decisions/012-half-the-weight.md, third pass.
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
const { registerQuickResolve } = await import('./quick-resolve.ts');
registerQuickResolve();
await import('./start-server.ts');
