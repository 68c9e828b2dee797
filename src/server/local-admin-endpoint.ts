import fs from 'node:fs';
import { z } from 'zod';

/**
 * While a server runs on the embedded database it holds the data folder alone, so local admin
 * tools (`npm run user:create`) cannot open it. The server leaves its address and service-role key
 * in a file beside the folder, readable by its owner only — who can read the database itself
 * anyway — and removes it when it stops.
 */

const endpointSchema = z.object({ pid: z.number().int(), url: z.url(), serviceRoleKey: z.string().min(1) });
export type LocalAdminEndpoint = z.infer<typeof endpointSchema>;

export const localAdminEndpointPath = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.admin.json`;

export function writeLocalAdminEndpoint(dataDir: string, endpoint: Omit<LocalAdminEndpoint, 'pid'>): () => void {
  const file = localAdminEndpointPath(dataDir);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, ...endpoint }), { mode: 0o600, flag: 'wx' });
  return () => {
    if (readLocalAdminEndpoint(dataDir)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}

/** The endpoint left by the server holding `dataDir`, or undefined when there is none. */
export function readLocalAdminEndpoint(dataDir: string): LocalAdminEndpoint | undefined {
  try {
    const parsed = endpointSchema.safeParse(JSON.parse(fs.readFileSync(localAdminEndpointPath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the file naming the service-role key that works: a key rotation mints a new one, so the file
 * is rewritten within a minute. Returns the function that stops this and removes the file.
 */
export function publishLocalAdminEndpoint(dataDir: string, url: string, serviceRoleKey: () => string): () => void {
  let published = serviceRoleKey();
  let forget = writeLocalAdminEndpoint(dataDir, { url, serviceRoleKey: published });
  const timer = setInterval(() => {
    if (serviceRoleKey() === published) return;
    published = serviceRoleKey();
    forget = writeLocalAdminEndpoint(dataDir, { url, serviceRoleKey: published });
  }, 60_000);
  timer.unref();
  return () => {
    clearInterval(timer);
    forget();
  };
}
