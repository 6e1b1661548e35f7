/**
 * A month-end folder is built whole in a temp folder beside its target
 * (`.month-end-2026-10.<pid>.<random>.partial`) and renamed into place when complete, so a
 * failed or interrupted run leaves no half folder and the previous one as it was. As with a
 * temp file (output/temp-beside.ts), the PID in the name lets the next run remove a folder left
 * by a writer killed outright, and the run's own is removed on exit (Ctrl-C and SIGTERM exit
 * through process.exit).
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { processAlive } from '../output/temp-beside.js';

const pending = new Set<string>();
let cleanupInstalled = false;

function removePending(): void {
  for (const path of pending) rmSync(path, { recursive: true, force: true });
  pending.clear();
}

function pattern(target: string): RegExp {
  const name = basename(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${name}\\.(\\d+)\\.[0-9a-f]{12}\\.(partial|replaced)$`);
}

/** Folders of `target` left by runs that no longer run. */
function removeDeadRunsFolders(target: string): void {
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = pattern(target).exec(name)?.[1];
    if (pid !== undefined && !processAlive(Number(pid))) rmSync(join(dirname(target), name), { recursive: true, force: true });
  }
}

export interface TempFolder {
  path: string;
  /** Moves the folder into place (an existing target goes aside first and is removed after). */
  commit(): void;
  /** Removes the temp folder (a failed run). */
  discard(): void;
}

export function createFolderBeside(target: string): TempFolder {
  removeDeadRunsFolders(target);
  if (!cleanupInstalled) {
    cleanupInstalled = true;
    process.on('exit', removePending);
  }
  const stem = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const path = `${stem}.partial`;
  mkdirSync(path, { mode: 0o755 });
  pending.add(path);
  return {
    path,
    commit() {
      const aside = `${stem}.replaced`;
      const existed = exists(target);
      // rename() cannot replace a non-empty folder: the old one steps aside for the instant between.
      if (existed) {
        pending.add(aside);
        renameSync(target, aside);
      }
      try {
        renameSync(path, target);
      } catch (error) {
        if (existed) renameSync(aside, target);
        pending.delete(aside);
        throw error;
      }
      pending.delete(path);
      if (existed) rmSync(aside, { recursive: true, force: true });
      pending.delete(aside);
    },
    discard() {
      rmSync(path, { recursive: true, force: true });
      pending.delete(path);
    },
  };
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
