import fs from 'node:fs';

/**
 * A PID lock beside the embedded data folder. PGlite lets two processes open the same folder
 * and silently lose data, so the second process must refuse to start.
 */

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  path: string;
  release(): void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = `${dataDir.replace(/\/+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return {
        path: lockPath,
        release() {
          try {
            if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
          } catch {
            // already gone: nothing to release
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another ComplianceCore process (PID ${holder}). ` +
            'Stop that process first, or start this one with a different DATA_DIR.',
        );
      }
      // A stale lock from a process that died: take it over.
      fs.unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}
