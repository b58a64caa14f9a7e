/** Pages packed with delimiters or nested list markers are read literally where they would make the parser slow, and only there. */
import { describe, expect, it } from 'vitest';
import { boundSource } from '../../../src/render/markdown/bound-source.js';
import { parsePage } from '../../../src/render/markdown/parse.js';

describe('boundSource', () => {
  it('leaves ordinary pages exactly as they are', () => {
    const page = '# Title\n\nSome *emphasis*, a [link](/x) and `code`.\n\n- a\n  - b\n    - c\n\n| a | b |\n|---|---|\n| *x* | y |\n';
    expect(boundSource(page)).toEqual({ source: page, literalLines: [] });
  });

  it('escapes a line with too many delimiters, but not inside a code fence', () => {
    const fenced = `\`\`\`\n${'*'.repeat(600)}\n\`\`\``;
    const page = `# T\n\n${fenced}\n\n${'*_'.repeat(300)}\n`;
    const { source, literalLines } = boundSource(page);
    expect(literalLines).toEqual([7]);
    expect(source).toContain(fenced);
    expect(source.split('\n')[6]).toBe('\\*\\_'.repeat(300));
  });

  it('escapes a whole paragraph whose lines add up to too many delimiters, and counts table rows apart', () => {
    const paragraph = Array.from({ length: 600 }, () => '*a b_').join('\n');
    const table = `| a | b |\n|---|---|\n${Array.from({ length: 800 }, () => '| *a | b_ |').join('\n')}`;
    const { literalLines, source } = boundSource(`# T\n\n${paragraph}\n\n${table}\n`);
    expect(literalLines).toHaveLength(600);
    expect(literalLines[0]).toBe(3);
    expect(source).toContain(table);
  });

  it('reads a line opening many list items at once as text', async () => {
    const { source, literalLines } = boundSource(`# T\n\n${'- '.repeat(40)}a\n`);
    expect(literalLines).toEqual([3]);
    const parsed = await parsePage(`# T\n\n${'- '.repeat(40)}a\n`);
    expect(parsed.literalLines).toEqual([3]);
    expect(parsed.tree.children.map((n) => n.type)).toEqual(['heading', 'paragraph']);
    expect(source.split('\n')[2].startsWith('\\- - ')).toBe(true);
  });
});
