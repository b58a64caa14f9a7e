import { describe, expect, it } from 'vitest';
import { resolveIcon } from '../../../src/render/icons/render-icon.js';
import { EMPTY_CONFIG, render } from '../components/render-helper.js';

const LUCIDE = { config: { ...EMPTY_CONFIG, icons: { library: 'lucide' as const } } };
const found = (name: string, library: 'fontawesome' | 'lucide' | 'tabler') => {
  const icon = resolveIcon(name, library);
  return icon ? `${icon.set}:${icon.name}` : null;
};

describe('icon resolution as Mintlify reads names', () => {
  it('draws language names and their aliases as the language logo, before Font Awesome styles', () => {
    expect(['js', 'javascript', 'ts', 'c#', 'cpp', 'nodejs', 'shell'].map((n) => found(n, 'fontawesome'))).toEqual([
      'fa-brands:js', 'fa-brands:js', 'fa-brands:typescript', 'tabler:brand-c-sharp', 'tabler:brand-cpp', 'fa-brands:node-js', 'tabler:terminal-2',
    ]);
  });

  it('draws languages and Font Awesome brands on Lucide and Tabler sites, after the library itself', () => {
    const on = (library: 'lucide' | 'tabler', names: string[]) => names.map((n) => found(n, library));
    expect(on('lucide', ['js', 'python', 'square-js'])).toEqual(['fa-brands:js', 'fa-brands:python', 'fa-brands:square-js']);
    expect(on('tabler', ['golang'])).toEqual(['fa-brands:golang']);
    // The library's own icon wins where it has one.
    expect([found('github', 'lucide'), found('terminal', 'tabler')]).toEqual(['lucide:github', 'tabler:terminal']);
    // A Font Awesome name that is neither a brand nor a language stays unknown in Lucide.
    expect(on('lucide', ['gear', 'no-such-icon-xyz'])).toEqual([null, null]);
  });

  it('draws Font Awesome Pro names seen on real sites with their closest free twin', () => {
    expect(found('chart-mixed', 'fontawesome')).toBe('lucide:chart-no-axes-combined');
    expect(found('laptop-mobile', 'fontawesome')).toBe('lucide:monitor-smartphone');
    expect(found('monitor-waveform', 'fontawesome')).toBe('lucide:monitor-speaker');
    expect(found('message-bot', 'fontawesome')).toBe('lucide:bot-message-square');
    // dubinc+docs (cards, a navigation dropdown, frontmatter) and teamhanko+docs (its introduction's frontmatter)
    expect(['arrow-progress', 'grid-2', 'user-crown', 'hand-wave'].map((n) => found(n, 'fontawesome'))).toEqual(['lucide:git-commit-vertical', 'lucide:layout-grid', 'lucide:crown', 'lucide:hand']);
  });
});

describe('icons in pages', () => {
  it('View icons "js" and "python" on a Lucide site are drawn, with no warning', async () => {
    const page = await render('<View title="JavaScript" icon="js">\n  JS.\n</View>\n\n<View title="Python" icon="python">\n  Py.\n</View>', LUCIDE);
    expect(page.diagnostics).toEqual([]);
    expect(page.html).toContain('data-icon="js" data-icon-set="fa-brands"');
    expect(page.html).toContain('data-icon="python" data-icon-set="fa-brands"');
  });

  it('a code block title icon is read as Font Awesome whatever icons.library says, and an unknown one names its line', async () => {
    const page = await render('Intro.\n\n```java Hello.java icon=java\nclass A {}\n```\n\n```js Icon icon="square-js"\nx\n```\n\n```js Bad icon=not-an-icon-xyz\nx\n```', LUCIDE);
    expect(page.html).toContain('data-icon="java" data-icon-set="fa-brands"');
    expect(page.html).toContain('data-icon="square-js" data-icon-set="fa-brands"');
    expect(page.diagnostics).toEqual([{ severity: 'warning', file: 'guides/page.mdx', line: 11, message: 'unknown icon "not-an-icon-xyz" (icons.library fontawesome): a placeholder is shown' }]);
  });

  it('an unknown icon inside a JSX attribute literal is reported at the line of the element holding it', async () => {
    const page = await render('# T\n\nText.\n\n<Update label={<><Icon icon="no-such-icon-xyz" size={16} /><span>Chatbot</span></>} tags={["Web"]}>\n  Body.\n</Update>');
    expect(page.diagnostics).toEqual([{ severity: 'warning', file: 'guides/page.mdx', line: 5, message: 'unknown icon "no-such-icon-xyz" (icons.library fontawesome): a placeholder is shown' }]);
    expect(page.html).toContain('data-icon="unknown"');
  });
});
