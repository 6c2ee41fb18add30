/** Local image files for library users: relative URLs resolved inside `baseDir`, never outside it. */
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { percentDecode } from '../fetch/data-url.js';

/** Largest local image file read (the same as the fetcher's default byte limit). */
export const MAX_LOCAL_FILE_BYTES = 10 * 1024 * 1024;

/** A local file could not be used; worded for the user. */
export class LocalFileError extends Error {}

/** The path lies inside the base folder but names no file there: a missing picture, not a refused path. */
export class MissingLocalFileError extends LocalFileError {}

/**
 * Read the file a relative URL (`img/logo.png`, `/img/logo.png`, `../x` refused) names inside `baseDir`.
 * Symbolic links are followed and the real path must still lie inside the real `baseDir`.
 * @throws LocalFileError
 */
export async function readLocalFile(relativeUrl: string, baseDir: string): Promise<Buffer> {
  const withoutQuery = relativeUrl.replace(/[?#].*$/s, '');
  const decoded = percentDecode(withoutQuery).toString('utf8');
  if (decoded.includes('\0')) throw new LocalFileError('the path contains a NUL character');
  const root = await realpath(path.resolve(baseDir)).catch(() => {
    throw new LocalFileError(`the base folder ${baseDir} does not exist`);
  });
  const candidate = path.resolve(root, `.${path.posix.sep}${decoded.replace(/^[/\\]+/, '')}`);
  if (!inside(candidate, root)) throw new LocalFileError('the path leads outside the base folder');
  const real = await realpath(candidate).catch(() => {
    throw new MissingLocalFileError('no such file in the base folder');
  });
  if (!inside(real, root))
    throw new LocalFileError('the path leads outside the base folder (through a link)');
  const handle = await open(real, 'r').catch((error: Error) => {
    throw new LocalFileError(`the file could not be opened (${error.message})`);
  });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new LocalFileError('not a regular file');
    if (stat.size > MAX_LOCAL_FILE_BYTES) {
      throw new LocalFileError(`the file is over the ${MAX_LOCAL_FILE_BYTES}-byte limit`);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

function inside(candidate: string, root: string): boolean {
  const relative = path.relative(root, candidate);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}
