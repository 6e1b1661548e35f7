/**
 * The directory a command saves several files into (`statements --pdf DIR`): made when missing,
 * refused as a usage error (exit 2) when the name is taken by something else, before any request
 * is made, rather than failing with mkdir's EEXIST after the list was read.
 */
import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { CliUsageError } from './usage-error.js';

/** Refuses a `dir` that exists and is not a directory. */
export function checkDownloadDirectory(flag: string, dir: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw notDirectory(flag, dir, 'a part of its path is a file');
    return; // missing: made when the files are saved
  }
  if (!isDirectory) throw notDirectory(flag, dir, 'it is a file');
}

/** Makes `dir` (and its parents) when missing. */
export async function makeDownloadDirectory(flag: string, dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw notDirectory(flag, dir, 'a file has its name or that of a directory above it');
    throw error;
  }
}

function notDirectory(flag: string, dir: string, why: string): CliUsageError {
  return new CliUsageError(`${flag} ${dir}: not a directory (${why}); name a directory, which is made if missing`);
}
