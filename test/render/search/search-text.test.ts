/**
 * A page body as the search index takes it: sections at headings with ids, left-out
 * elements gone, words kept apart by block elements and together across inline ones.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntities, nextTag, searchSections, type TagAt } from '../../../src/render/search/search-text.js';

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

  it('collapses every run of whitespace to one space, reads upper-case tag names, and takes only the exact ignore mark', () => {
    const html = '<p>one  two\tthree \n four\u00a0five\u2003 six</p>\n\n<p> seven </p><H2 id="x">Up\n<B>per</B></H2><DIV Data-Search-Ignore>kept</DIV>';
    expect(searchSections(html)).toEqual([
      { anchor: '', heading: '', level: 0, text: 'one two three four five six seven' },
      { anchor: 'x', heading: 'Up per', level: 2, text: 'kept' },
    ]);
  });

  it('decodes entities and keeps the first section even when empty', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &#39;d&#39; &#x263A; &unknown;')).toBe("a & b <c> 'd' ☺ &unknown;");
    expect(searchSections('<h2 id="a&amp;b">A &amp; B</h2><p>x</p>')).toEqual([
      { anchor: '', heading: '', level: 0, text: '' },
      { anchor: 'a&b', heading: 'A & B', level: 2, text: 'x' },
    ]);
  });

  it('finds the tags and comments the former regular expression found, in hostile text too', () => {
    const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
    const pieces = ['<', '>', '"', "'", '/', '<!--', '-->', '<p>', '</p>', '<h2 id="a">', '</h2>', '<br/>', '<SVG>', '</svg>', '<a href="x>y">',
      "<b title='it\"s'>", '<div data-search-ignore>', '</div>', 'text ', '&amp; ', '<1>', '< p>', '</>', '<x-y z=1 />', '<a b="unclosed', '\n'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 3000; n++) {
      let html = '';
      for (let k = Math.floor(random() * 30); k > 0; k--) html += pieces[Math.floor(random() * pieces.length)];
      const expected: string[] = [];
      TAG.lastIndex = 0;
      for (let m = TAG.exec(html); m; m = TAG.exec(html)) expected.push(`${m.index}-${m.index + m[0].length}:${m[2]?.toLowerCase() ?? ''}:${m[1] === '/'}:${m[3] ?? ''}`);
      const found: string[] = [];
      const tag: TagAt = { start: 0, end: 0, name: '', closing: false, attrStart: 0, attrEnd: 0 };
      for (let at = 0; nextTag(html, at, tag); at = tag.end) {
        found.push(`${tag.start}-${tag.end}:${tag.name}:${tag.name ? tag.closing : false}:${tag.name ? html.slice(tag.attrStart, tag.attrEnd) : ''}`);
      }
      expect(found, html).toEqual(expected);
    }
  });

  it('reads a heading, an ignored element and a quoted `>` as before when a quote is left open after them', () => {
    const html = '<h2 id="q">Q &gt; <b title="a > b">A</b></h2><p>x</p><div data-search-ignore="1"><p>no</p></div><p>tail <a title="open>text</p>';
    expect(searchSections(html)).toEqual([
      { anchor: '', heading: '', level: 0, text: '' },
      { anchor: 'q', heading: 'Q > A', level: 2, text: 'x tail <a title="open>text' },
    ]);
  });
});
