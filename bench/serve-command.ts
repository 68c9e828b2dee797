import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run serve` as the benches launch it: the Node flags of package.json's script (the young
 * generation's size, `--expose-gc`) and the environment it sets before `node` (the allocator's
 * settings), so the figures are those of the server as a visitor starts it. `--env-file…` is left out:
 * a bench sets its own environment.
 */
export function serveCommand(root: string): { flags: string[]; env: Record<string, string> } {
  const script = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    .serve;
  if (!script) throw new Error('package.json has no serve script');
  const words = script.split(' ');
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, Math.max(0, node)).map((word) => word.split('=', 2) as [string, string]));
  const flags = words.slice(node + 1).filter((word) => word.startsWith('--') && !word.startsWith('--env-file'));
  return { flags, env };
}
