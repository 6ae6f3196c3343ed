import fs from 'node:fs/promises';

/** Folders this process holds; a lock file naming this pid but not listed here is left from a previous run. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(lockPath: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(await fs.readFile(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Claims a data folder for this process: PGlite is a single-process database, and two servers
 * writing the same files would corrupt them. A lock left by a process that no longer runs is
 * taken over. Returns the function that gives the folder back.
 */
export async function lockDataDir(lockPath: string): Promise<() => Promise<void>> {
  if (held.has(lockPath)) throw new Error(`The data folder is already open in this process (${lockPath}).`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(lockPath, String(process.pid), { flag: 'wx' });
      held.add(lockPath);
      return async () => {
        held.delete(lockPath);
        if ((await readOwner(lockPath)) === process.pid) await fs.rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(lockPath);
      if (owner !== null && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The data folder is in use by another server (process ${owner}). Stop that server, ` +
            `or set DATA_DIR to another folder. If no server is running, delete ${lockPath}.`,
        );
      }
      await fs.rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder: ${lockPath}`);
}
