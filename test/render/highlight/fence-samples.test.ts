/**
 * The fence samples a cold export warms its render threads with: the first blocks of
 * each fence language of the pages (backtick and tilde fences, indented ones inside
 * components), bounded per language and per block, and nothing from unclosed or
 * unnamed fences beyond what they hold.
 */
import { describe, expect, it } from 'vitest';
import { fenceSamples, MAX_LANGUAGES, SAMPLE_CHARS, SAMPLES_PER_LANGUAGE } from '../../../src/render/highlight/fence-samples.js';

describe('fenceSamples', () => {
  it('keeps the first blocks of each language, from every kind of fence', () => {
    const pages = [
      '# Intro\n\n```ts title="a.ts"\nconst a = 1;\n```\n\nText.\n\n~~~bash\ncurl https://x.y\n~~~\n',
      '<CodeGroup>\n  ```Python Example\n  import os\n  ```\n\n  ```ts\n  let b = 2;\n  ```\n</CodeGroup>\n',
      'No code here at all.',
      '````md\n```js\nnot a fence of its own\n```\n````\n\n```ts\nthird();\n```\n',
    ];
    const samples = fenceSamples(pages);
    expect(samples).toEqual({
      ts: ['const a = 1;', '  let b = 2;'],
      bash: ['curl https://x.y'],
      python: ['  import os'],
      md: ['```js\nnot a fence of its own\n```'],
    });
  });

  it('skips fences with no language, reads an unclosed fence to the end of its page, and cuts long blocks at a line', () => {
    const long = Array.from({ length: 400 }, (_, i) => `line ${i} ${'x'.repeat(20)}`).join('\n');
    const samples = fenceSamples(['```\nplain text\n```\n', `\`\`\`go\n${long}\n`, '```json\n{"a": 1}']);
    expect(Object.keys(samples).sort()).toEqual(['go', 'json']);
    expect(samples.json).toEqual(['{"a": 1}']);
    const go = samples.go[0];
    expect(go.length).toBeLessThanOrEqual(SAMPLE_CHARS);
    expect(go.length).toBeGreaterThan(SAMPLE_CHARS - 40);
    expect(long.startsWith(`${go}\n`)).toBe(true);
  });

  it('keeps at most SAMPLES_PER_LANGUAGE blocks of a language and names at most MAX_LANGUAGES languages', () => {
    const many = Array.from({ length: SAMPLES_PER_LANGUAGE + 3 }, (_, i) => `\`\`\`ts\nblock${i}();\n\`\`\``).join('\n\n');
    expect(fenceSamples([many]).ts).toEqual(Array.from({ length: SAMPLES_PER_LANGUAGE }, (_, i) => `block${i}();`));
    const page = Array.from({ length: MAX_LANGUAGES + 10 }, (_, i) => `\`\`\`lang${i}\ncode\n\`\`\``).join('\n\n');
    const samples = fenceSamples([page]);
    expect(Object.keys(samples)).toHaveLength(MAX_LANGUAGES);
    expect(samples.lang0).toEqual(['code']);
  });
});
