/** Short content hashes for asset file names (`assets/site.3f2a9c1e.css`): same bytes, same name. */
import { createHash } from 'node:crypto';

export function contentHash(content: string | Uint8Array, length = 8): string {
  return createHash('sha256').update(content).digest('hex').slice(0, length);
}

/** `assets/site.css` + content -> `assets/site.<hash>.css`. */
export function hashedName(path: string, content: string | Uint8Array): string {
  const dot = path.lastIndexOf('.');
  return `${path.slice(0, dot)}.${contentHash(content)}${path.slice(dot)}`;
}
