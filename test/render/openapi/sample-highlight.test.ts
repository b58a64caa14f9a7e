import { describe, expect, it } from 'vitest';
import { ensureLanguages, renderCodeBlock } from '../../../src/render/highlight/index.js';
import { tokenClass } from '../../../src/render/highlight/token-classes.js';
import { markdownToHtml } from '../../../src/render/openapi/markdown.js';
import { sampleFromSchema } from '../../../src/render/openapi/sample.js';
import { highlightSample } from '../../../src/render/openapi/sample-highlight.js';

const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const code = (html: string) => /<code>([\s\S]*)<\/code>/.exec(html)![1];

describe('highlightSample', () => {
  const samples: [string, string][] = [
    ['bash', "curl --request POST \\\n  --url 'https://api.example.com/pets?x=1' \\\n  --header 'Authorization: Bearer <token>' \\\n  --data '{\n  \"name\": \"Rex & co\"\n}'"],
    ['python', 'import requests\n\nurl = "https://api.example.com/a"\npayload = { "a": 1, "b": True }\nresponse = requests.post(url, json=payload)\n\nprint(response.json())'],
    ['javascript', "const url = 'https://x/a?x=1';\ntry {\n  const response = await fetch(url, {method: 'POST', body: `{\"a\":1}`});\n} catch (error) {\n  console.error(error); // </script>\n}"],
    ['go', 'package main\n\nfunc main() {\n\treq, _ := http.NewRequest("GET", "https://x", nil)\n\tfmt.Println(`raw\nstring`)\n}'],
  ];

  it('keeps every character, escapes it, and colours with the theme palette', () => {
    for (const [lang, src] of samples) {
      const html = highlightSample(src, lang);
      expect(text(code(html))).toBe(src);
      expect(html).not.toContain('</script>');
      expect(html.match(/<span class="line">/g)).toHaveLength(src.split('\n').length);
    }
    expect(highlightSample(samples[0][1], 'bash')).toContain(`<span class="${tokenClass('#6F42C1', '#B392F0', 0)}">curl</span>`);
    expect(highlightSample(samples[1][1], 'python')).toContain(`<span class="${tokenClass('#D73A49', '#F97583', 0)}">import</span>`);
    expect(highlightSample(samples[2][1], 'javascript')).toContain(`<span class="${tokenClass('#6F42C1', '#B392F0', 0)}">fetch</span>`);
    expect(highlightSample(samples[3][1], 'go')).toContain(`<span class="${tokenClass('#005CC5', '#79B8FF', 0)}">nil</span>`);
  });

  it('colours printed JSON exactly as the shared shiki highlighter does', async () => {
    const json = JSON.stringify({ id: 42, name: 'Rex', tags: ['a', 'b'], owner: { email: 'x@y.z', score: -1.5, ok: true, none: null }, empty: {} }, null, 2);
    const h = await ensureLanguages(['json']);
    const shiki = renderCodeBlock(h, json, { lang: 'json', bare: true });
    expect(highlightSample(json, 'json').replace(/&quot;/g, '"')).toBe(shiki);
  });
});

describe('generated examples and descriptions', () => {
  it('stops a recursive schema instead of looping', () => {
    const properties: Record<string, unknown> = { name: { type: 'string' } };
    const node = { type: 'object', properties };
    properties.parent = node;
    properties.children = { type: 'array', items: node };
    expect(sampleFromSchema(node)).toEqual({ name: 'string', children: [] });
  });

  it('renders Markdown safely: no raw HTML, no javascript: links', () => {
    const html = markdownToHtml('Hi <img src=x onerror=alert(1)> **there** [x](javascript:alert(1)) [ok](https://example.com)\n\n| a |\n|---|\n| <b>1</b> |');
    expect(html).toBe('<p>Hi  <strong>there</strong> x <a href="https://example.com" rel="noopener noreferrer">ok</a></p><div class="api-md-table"><table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table></div>');
  });
});
