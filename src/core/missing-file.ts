/**
 * "Not there" as an answer: file-system calls whose caller has a fallback for a missing
 * entry, without also swallowing the errors that are not about absence (a permission
 * denied, a full disk, a loop of links), which still throw.
 */

/** True for the errors that mean the entry (or a folder on its way) does not exist. */
export function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** `await pending`, or null when what it reads does not exist; other errors are thrown. */
export async function orNullIfMissing<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}
