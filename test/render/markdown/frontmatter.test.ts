import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { simpleFrontmatter } from '../../../src/render/markdown/frontmatter.js';

describe('simpleFrontmatter', () => {
  it('gives what the YAML parser gives for flat frontmatter', () => {
    const samples = [
      'title: "Hello \\"world\\""\ndescription: "A page."',
      "title: 'It''s here'\nhidden: true\nnoindex: false",
      'title: Plain words, with commas (and parens)\nicon: rocket\nsidebarTitle: Start/Intro',
      'order: 3\nweight: -1.5\nmode: wide',
    ];
    for (const text of samples) expect(simpleFrontmatter(text), text).toEqual(parse(text));
  });

  it('leaves anything else to the YAML parser', () => {
    for (const text of ['tags: [a, b]', 'title: yes', 'title: a: b', 'nested:\n  key: 1', 'title: x # comment', 'date: 2024-01-01', 'title: "a"\ntitle: "b"', 'n: 0x10', 'v: 1e3', 'title: ~']) {
      expect(simpleFrontmatter(text), text).toBeNull();
    }
  });
});
