/**
 * A page body as the search index takes it: sections at headings with ids, left-out
 * elements gone, words kept apart by block elements and together across inline ones.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntities, searchSections } from '../../../src/render/search/search-text.js';

describe('searchSections', () => {
  it('cuts the text at headings that carry an id', () => {
    const html = '<p>Intro words.</p><h2 id="install">Install <code>quire</code></h2><p>Run it.</p><h3>No id</h3><p>Still install.</p><h3 id="deep">Deep</h3><p>Last.</p>';
    expect(searchSections(html)).toEqual([
      { anchor: '', heading: '', level: 0, text: 'Intro words.' },
      { anchor: 'install', heading: 'Install quire', level: 2, text: 'Run it. No id Still install.' },
      { anchor: 'deep', heading: 'Deep', level: 3, text: 'Last.' },
    ]);
  });

  it('leaves out icons, buttons, scripts and ignored elements, nested ones too', () => {
    const html = '<p>Keep<svg viewBox="0 0 1 1"><g><svg><text>inner</text></svg></g><title>icon</title></svg> this</p>' +
      '<button class="q-code-copy">Copy</button><script>var secret = 1;</script>' +
      '<div data-pagefind-ignore><div>hidden <div>deeper</div></div></div><div data-search-ignore="all">gone</div><p>and this.</p>';
    expect(searchSections(html)).toEqual([{ anchor: '', heading: '', level: 0, text: 'Keep this and this.' }]);
  });

  it('keeps words apart across block elements and whole across inline ones', () => {
    const html = '<ul><li>alpha</li><li>beta</li></ul><table><tr><td>gamma</td><td>delta</td></tr></table><p>re<strong>try</strong> <a href="x.html" title="a > b">link</a>ed<br>next</p>';
    expect(searchSections(html)[0].text).toBe('alpha beta gamma delta retry linked next');
  });

  it('decodes entities and keeps the first section even when empty', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &#39;d&#39; &#x263A; &unknown;')).toBe("a & b <c> 'd' ☺ &unknown;");
    expect(searchSections('<h2 id="a&amp;b">A &amp; B</h2><p>x</p>')).toEqual([
      { anchor: '', heading: '', level: 0, text: '' },
      { anchor: 'a&b', heading: 'A & B', level: 2, text: 'x' },
    ]);
  });
});
