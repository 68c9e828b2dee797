/**
 * The process entry (`npm run serve`). Two things happen before any other module loads, which is
 * why the server itself starts from a dynamic import (static imports would all load first):
 * - Node's compile cache is turned on. It keeps each module's compiled code, type stripping
 *   included, between starts (in NODE_COMPILE_CACHE, or `node-compile-cache` under the system's
 *   temporary directory); a module whose source changed is compiled afresh, and where the
 *   directory cannot be written the server starts as before, only slower.
 * - `quick-resolve.ts` takes the slow part of Node's module resolution off the start.
 * Both: docs/decisions/012-half-the-weight.md, third pass.
 */
import { enableCompileCache } from 'node:module';
import { registerQuickResolve } from './quick-resolve.ts';

enableCompileCache();
registerQuickResolve();
await import('./start-server.ts');
