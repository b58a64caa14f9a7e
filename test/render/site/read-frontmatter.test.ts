/**
 * The quick frontmatter reader of the scan phase agrees with the YAML parser on the
 * flat frontmatter most pages have, and hands everything else to the parser.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { frontmatterKeyLine, readFrontmatter, summaryTitle } from '../../../src/render/output/read-frontmatter.js';

const CASES = [
  'title: "Quick \\"start\\""\ndescription: Plain text, with commas\nhidden: true\nicon: rocket',
  "title: 'It''s here'\norder: 3\nnoindex: false\nmode: wide",
  'title: A: B\nsidebarTitle: x # comment',
  'title: Tags\ntags:\n  - a\n  - b',
  'title: >\n  folded text',
  'title: "unterminated',
  'openapi: "GET /users/{id}"\ntag: NEW\ndeprecated: true\nversion: 1.50',
  'title: [a, b]\nurl: https://example.com/x',
  'title: Keys\nkeywords: ["api key", "auth", "clé", "a \\"quoted\\" word", "tab\\tand\\\\slash"]\ntags: []',
  'keywords: ["a", "b",]\nother: ["x", 1]\nmore: [\'single\']',
  'keywords: ["\\u00e9t\\u00e9"]\nlast: ["# not a comment", "a: b"]',
  'keywords: ["unclosed", "list"',
];

describe('readFrontmatter', () => {
  it('reads the same values as the YAML parser', () => {
    for (const yaml of CASES) {
      let expected: unknown;
      try {
        expected = parse(yaml);
      } catch {
        expected = {}; // what the reader gives a page whose frontmatter YAML cannot parse
      }
      expect(readFrontmatter(`---\n${yaml}\n---\n\n# Heading\n`).frontmatter, yaml).toEqual(expected);
    }
  });

  it('reads a JSON list of strings itself and leaves any other list to the YAML parser', () => {
    expect(readFrontmatter('---\ntitle: T\nkeywords: ["a b", "c"]\n---\n').frontmatter).toEqual({ title: 'T', keywords: ['a b', 'c'] });
    // A number in the list is the parser's: the reader would only guess its YAML type.
    expect(readFrontmatter('---\nkeywords: ["a", 1.50]\n---\n').frontmatter).toEqual({ keywords: ['a', 1.5] });
  });

  it('takes titles from frontmatter, then the first heading, then the file name', () => {
    expect(summaryTitle(readFrontmatter('---\nsidebarTitle: Short\ntitle: Long title\n---\n'), 'a/b')).toEqual({ title: 'Long title', sidebarTitle: 'Short' });
    expect(summaryTitle(readFrontmatter('Intro\n\n# From heading #\n'), 'a/b')).toEqual({ title: 'From heading', sidebarTitle: 'From heading' });
    expect(summaryTitle(readFrontmatter('no heading'), 'guides/getting-started')).toEqual({ title: 'Getting started', sidebarTitle: 'Getting started' });
  });
});

describe('frontmatterKeyLine', () => {
  it('finds the line of a top-level key (the opening --- is line 1), never a nested or longer key', () => {
    const source = '---\ntitle: A\nseo:\n  mode: nested\nmodeX: no\nmode : wide\n---\n\nmode: body text\n';
    expect(frontmatterKeyLine(source, 'title')).toBe(2);
    expect(frontmatterKeyLine(source, 'mode')).toBe(6);
    expect(frontmatterKeyLine(source, 'groups')).toBe(1);
    expect(frontmatterKeyLine('no frontmatter', 'mode')).toBe(1);
    expect(frontmatterKeyLine('---\r\ntitle: A\r\nmode: x\r\n---\r\n', 'mode')).toBe(3);
  });
});
