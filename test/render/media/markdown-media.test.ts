/**
 * Remote images in a page's Markdown version rewritten as the HTML was: bundled ones to
 * their file, left-out ones to their alt text, kept ones as written; code blocks, code
 * spans and other URLs untouched.
 */
import { describe, expect, it } from 'vitest';
import { rewriteMarkdownMedia } from '../../../src/render/media/markdown-media.js';
import type { MediaTarget } from '../../../src/render/media/media-refs.js';

const targets: Record<string, MediaTarget> = {
  'https://cdn.example/a.png': { href: 'assets/media/a.1234abcd.png' },
  'https://cdn.example/gone.png': 'omit',
  'https://cdn.example/kept.png': 'keep',
};
const target = (url: string): MediaTarget => targets[url] ?? 'keep';

describe('rewriteMarkdownMedia', () => {
  it('rewrites images outside code, titles and angle brackets kept', () => {
    const md = [
      '# Page',
      '',
      'See ![A \\[diagram\\]](https://cdn.example/a.png "The title") and ![Gone](https://cdn.example/gone.png).',
      '',
      '![Kept](https://cdn.example/kept.png) ![Angle](<https://cdn.example/a.png>)',
      '',
      'In code: `![x](https://cdn.example/a.png)` stays.',
      '',
      '```md',
      '![x](https://cdn.example/a.png)',
      '```',
      '',
      '[a link](https://cdn.example/a.png) is no image.',
    ].join('\n');
    const before = md.split('\n');
    const after = rewriteMarkdownMedia(md, target).split('\n');
    expect(after[2]).toBe('See ![A \\[diagram\\]](assets/media/a.1234abcd.png "The title") and Gone.');
    expect(after[4]).toBe('![Kept](https://cdn.example/kept.png) ![Angle](<assets/media/a.1234abcd.png>)');
    // Code, code spans and links are the page's text.
    expect(after.filter((_, i) => i !== 2 && i !== 4)).toEqual(before.filter((_, i) => i !== 2 && i !== 4));
  });

  it('gives the same text back when nothing changes', () => {
    const md = '![Kept](https://cdn.example/kept.png)\n';
    expect(rewriteMarkdownMedia(md, target)).toBe(md);
  });
});
