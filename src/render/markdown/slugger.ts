/**
 * Heading anchors in the style of github-slugger: lower case, punctuation removed,
 * spaces to dashes, and `-1`, `-2`... appended to repeats so every id on a page is unique.
 */
const REMOVE = /[^\p{L}\p{M}\p{N}\p{Pc} -]/gu;

export function slugify(text: string): string {
  return text.trim().toLowerCase().replace(REMOVE, '').replace(/ /g, '-');
}

export class Slugger {
  private readonly seen = new Map<string, number>();

  /** A unique slug for `text` (falls back to `section` for text with no letters). */
  slug(text: string): string {
    const base = slugify(text) || 'section';
    let id = base;
    let n = this.seen.get(base) ?? 0;
    while (this.seen.has(id)) id = `${base}-${++n}`;
    this.seen.set(base, n);
    this.seen.set(id, this.seen.get(id) ?? 0);
    return id;
  }

  /** Reserves an id chosen elsewhere (a component's own id) so headings do not take it. */
  reserve(id: string): string {
    return this.seen.has(id) ? this.slug(id) : (this.seen.set(id, 0), id);
  }
}
