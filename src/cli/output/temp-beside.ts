/**
 * The temp file a whole-or-nothing write goes through: created exclusively beside its target
 * and named for the process writing it (`.sales.csv.<pid>.<random>.partial`). A writer that was
 * killed outright (SIGKILL, a power cut) cannot remove its own; the PID in the name lets the
 * next write to the same target tell a dead writer's leftover (customer data, half written)
 * from one still being written, and remove it.
 */
import { constants, lstatSync, openSync, readdirSync, unlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** Temp files being written: removed if the process ends before they are renamed into place. */
const pending = new Set<string>();
let cleanupInstalled = false;

function removePending(): void {
  for (const path of pending) {
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  }
  pending.clear();
}

/**
 * On exit only: Ctrl-C and SIGTERM end a run through process.exit with their documented codes
 * (130, 143: main.ts), which runs 'exit' listeners. A SIGTERM listener here would make main.ts
 * leave the signal to it (a command that handles a signal decides alone) and end the run by the
 * signal instead of exit 143.
 */
function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', removePending);
}

/** `.NAME.` and `.partial` around `<pid>.<hex>`: the parts of a temp file's name. */
function tempPattern(target: string): RegExp {
  const name = basename(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${name}\\.(\\d+)\\.[0-9a-f]{12}\\.partial$`);
}

/** Whether a process of this PID runs (one of another user's counts: it cannot be signalled, EPERM). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes temp files of `target` left by writers that no longer run; returns their paths.
 * A PID since reused by another process keeps its leftover until that process ends too.
 */
export function removeDeadWritersTemps(target: string): string[] {
  const directory = dirname(target);
  const pattern = tempPattern(target);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = pattern.exec(name)?.[1];
    if (pid === undefined || processAlive(Number(pid))) continue;
    const path = join(directory, name);
    try {
      if (!lstatSync(path).isFile()) continue;
      unlinkSync(path);
      removed.push(path);
    } catch {
      // removed meanwhile by another run
    }
  }
  return removed;
}

/** A new temp file beside `target`, created exclusively, never through a link; dead writers' leftovers go first. */
export function createTempBeside(target: string): { temp: string; fd: number } {
  removeDeadWritersTemps(target);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  for (let attempt = 0; ; attempt++) {
    const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.partial`);
    try {
      installCleanup();
      const fd = openSync(temp, flags, 0o644);
      pending.add(temp);
      return { temp, fd };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < 5) continue;
      throw error;
    }
  }
}

/** The temp file is renamed into place or removed: nothing to clean up at exit. */
export function settleTemp(temp: string): void {
  pending.delete(temp);
}
