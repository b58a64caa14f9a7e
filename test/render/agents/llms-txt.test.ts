/**
 * llms.txt and llms-full.txt: the format (H1, description, instructions, sections of
 * links with descriptions, spec and Optional sections), the 100,000-character cap and
 * its shortening rules, and an export of the multilingual fixture: one file per
 * language in navigation order with the default version only, /.well-known copies whose
 * links resolve, the repository's own llms.txt winning, and agents.json.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '../../../src/render/export-site.js';
import { llmsTxt, shortDescription, LLMS_TXT_CAP, type LlmsTxtInput } from '../../../src/render/agents/llms-txt.js';
import type { AgentsIndex } from '../../../src/render/agents/agents-index.js';
import { copyFixture, tempDir, writeFiles, type TempDir } from '../site/make-site.js';

const FIXTURE_OPENAPI = join(import.meta.dirname, '../../fixtures/openapi');

const base: LlmsTxtInput = { name: 'Acme', description: 'Docs for Acme.', instructions: '', lines: [], openapi: [], asyncapi: [], links: [] };

describe('llms.txt format', () => {
  it('has the H1, the description, sections of links and the spec and Optional sections', () => {
    const text = llmsTxt({
      ...base,
      instructions: '> ## Agent Instructions\n> Cite the version.',
      lines: [
        { section: 'Start', title: 'Intro [new]', url: 'index.md', description: 'What Acme is.\n\nMore detail.' },
        { section: 'Start', title: 'Install', url: 'install.md' },
        { section: 'API', title: 'Get user', url: 'api/get-user.md', description: 'Reads a user.' },
      ],
      openapi: [{ name: 'openapi', url: 'openapi.json' }],
      links: [{ label: 'Blog', href: 'https://blog.example.com' }, { label: 'Blog again', href: 'https://blog.example.com' }],
    });
    expect(text).toBe(
      '# Acme\n\n> Docs for Acme.\n\n> ## Agent Instructions\n> Cite the version.\n\n' +
        '## Start\n\n- [Intro \\[new\\]](index.md): What Acme is.\n- [Install](install.md)\n\n' +
        '## API\n\n- [Get user](api/get-user.md): Reads a user.\n\n' +
        '## OpenAPI Specs\n\n- [openapi](openapi.json)\n\n## Optional\n\n- [Blog](https://blog.example.com)\n',
    );
  });

  it('cuts a description at 300 characters, at a word', () => {
    const long = `${'word '.repeat(100)}end`;
    const short = shortDescription(long)!;
    expect(short.length).toBeLessThanOrEqual(300);
    expect(short.endsWith('word…')).toBe(true);
  });

  const many = (n: number, description: string) => Array.from({ length: n }, (_, i) => ({ section: i < n / 2 ? 'First' : 'Second', title: `Page ${i}`, url: `p/${i}.md`, description }));

  it('shortens descriptions first when the file would pass the cap', () => {
    const lines = many(600, 'x'.repeat(250)); // ~600 * 280 characters with full descriptions
    const text = llmsTxt({ ...base, lines });
    expect(text.length).toBeLessThanOrEqual(LLMS_TXT_CAP);
    expect(text).toContain('- [Page 599](p/599.md): ');
    expect(text).not.toContain('x'.repeat(151));
    expect(text).not.toContain('left out');
  });

  it('then drops entries from the end and says what it left out', () => {
    const lines = many(5000, 'y'.repeat(100));
    const text = llmsTxt({ ...base, lines });
    expect(text.length).toBeLessThanOrEqual(LLMS_TXT_CAP);
    expect(text).toContain('- [Page 0](p/0.md)\n');
    expect(text).not.toContain('yyy');
    const kept = text.match(/^- \[Page/gm)!.length;
    expect(kept).toBeGreaterThan(3000);
    expect(text).toContain(`> Note: ${5000 - kept} more pages were left out to keep this file under 100,000 characters: Second (${5000 - kept}). llms-full.txt has every page.`);
  });

  it('a file under the cap is left whole', () => {
    const lines = many(100, 'z'.repeat(300));
    expect(llmsTxt({ ...base, lines })).toContain('z'.repeat(299));
  });
});

describe('llms files of an exported multilingual, versioned site', () => {
  let tmp: TempDir;
  let out: string;
  const read = (p: string) => readFileSync(join(out, p), 'utf8');

  beforeAll(async () => {
    tmp = tempDir();
    const root = copyFixture('multilingual', tmp.path);
    writeFiles(root, { 'jp/llms-full.txt': '# Own file\n' });
    const config = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
    config.description = 'Multilingual test docs.';
    writeFiles(root, { 'docs.json': JSON.stringify(config) });
    out = join(tmp.path, 'out');
    await exportSite({ root, outDir: out, workers: 0 });
  }, 120_000);

  afterAll(() => tmp?.cleanup());

  it('lists the default language and version at the root, in navigation order', () => {
    const text = read('llms.txt');
    expect(text.startsWith('# ')).toBe(true);
    expect(text).toContain('> Multilingual test docs.');
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links).toEqual(['index.md', 'quickstart.md', 'guides/deploy.md']);
    for (const l of links) expect(existsSync(join(out, l))).toBe(true);
  });

  it('gives each other language its own file, links relative to it', () => {
    const fr = read('fr/llms.txt');
    const links = [...fr.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links).toEqual(['index.md', 'quickstart.md', 'guides/deploy.md']);
    expect(fr).toContain('## Démarrer');
    for (const l of links) expect(existsSync(join(out, 'fr', l))).toBe(true);
  });

  it('serves the default files under /.well-known/ with links that resolve from there', () => {
    const text = read('.well-known/llms.txt');
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links[0]).toBe('../index.md');
    for (const l of links) expect(existsSync(join(out, posix.join('.well-known', l)))).toBe(true);
    expect(read('.well-known/llms-full.txt')).toContain('Source: ../quickstart.md');
  });

  it('llms-full.txt holds every page of the scope as Markdown with its source', () => {
    const full = read('llms-full.txt');
    const titles = [...full.matchAll(/^# (.+)\nSource: (.+)$/gm)].map((m) => m[2]);
    expect(titles).toEqual(['index.md', 'quickstart.md', 'guides/deploy.md']);
    expect(full).toContain(read('quickstart.md').split('\n').slice(2).join('\n').trim());
  });

  it('makes llms-full.txt of each Markdown file with its Source line after the title, byte for byte, in every scope', () => {
    // Entries are made as pages arrive (agents/llms-entries.ts): the file must be what joining the Markdown files gives.
    for (const [file, dir, up] of [['llms-full.txt', '', ''], ['.well-known/llms-full.txt', '', '../'], ['fr/llms-full.txt', 'fr', '']]) {
      const entries = ['index', 'quickstart', 'guides/deploy'].map((page) => {
        const md = read(posix.join(dir, `${page}.md`));
        const nl = md.indexOf('\n');
        return `${md.slice(0, nl)}\nSource: ${up}${page}.md\n${md.slice(nl + 1)}`.trimEnd();
      });
      expect(read(file).endsWith(`${entries.join('\n\n')}\n`), file).toBe(true);
    }
  });

  it("keeps the repository's own file", () => {
    expect(read('jp/llms-full.txt')).toBe('# Own file\n');
    expect(read('jp/llms.txt')).toContain('](quickstart.md)');
  });

  it('writes agents.json with languages, versions and every listed page', () => {
    const index = JSON.parse(read('agents.json')) as AgentsIndex;
    expect(index.languages).toEqual(['en', 'fr', 'jp']);
    expect(index.versions).toEqual(['v2', 'v1']);
    const quick = index.pages.find((p) => p.page === 'fr/v1/quickstart')!;
    expect(quick).toMatchObject({ language: 'fr', version: 'v1', markdown: 'fr/v1/quickstart.md' });
    expect(index.pages.map((p) => p.page)).toContain('jp/quickstart');
  });
});

describe('llms.txt of a site with tabs and an API', () => {
  let tmp: TempDir;
  let out: string;

  beforeAll(async () => {
    tmp = tempDir();
    const root = join(tmp.path, 'docs');
    writeFiles(root, {
      'docs.json': JSON.stringify({
        name: 'Tabbed',
        colors: { primary: '#000000' },
        navigation: {
          global: { anchors: [{ anchor: 'Status', href: 'https://status.example.com' }] },
          tabs: [
            { tab: 'Guides', pages: ['loose'], groups: [{ group: 'Start', pages: ['index', { group: 'Deeper', pages: ['deep'] }] }] },
            { tab: 'API', groups: [{ group: 'Endpoints', pages: ['api/get-pet'] }] },
          ],
        },
      }),
      'index.mdx': '---\ntitle: Home\ndescription: Where to begin.\n---\n\nHi.',
      'loose.mdx': '---\ntitle: Loose\n---\n\nNo group.',
      'deep.mdx': '---\ntitle: Deep\nnoindex: true\n---\n\nHidden from indexes.',
      'api/get-pet.mdx': '---\nopenapi: petstore.json GET /pets/{petId}\n---\n',
      'petstore.json': readFileSync(join(FIXTURE_OPENAPI, 'petstore-3.0.json'), 'utf8'),
    });
    out = join(tmp.path, 'out');
    await exportSite({ root, outDir: out, workers: 0, baseUrl: 'https://docs.example.com/docs' });
  }, 120_000);

  afterAll(() => tmp?.cleanup());

  it('heads pages by group, else by tab; lists the OpenAPI document and external links; leaves noindex pages out', () => {
    const text = readFileSync(join(out, 'llms.txt'), 'utf8');
    expect(text).toContain('# Tabbed\n\n## Start\n\n- [Home](https://docs.example.com/docs/index.md): Where to begin.\n\n## Guides\n\n- [Loose](https://docs.example.com/docs/loose.md)\n\n## Endpoints\n\n- [Get a pet](https://docs.example.com/docs/api/get-pet.md)\n');
    expect(text).not.toContain('deep.md');
    expect(text).toContain('## OpenAPI Specs\n\n- [petstore](https://docs.example.com/docs/petstore.json)');
    expect(text).toContain('## Optional\n\n- [Status](https://status.example.com)');
    expect(existsSync(join(out, 'petstore.json'))).toBe(true);
  });

  it('the API page Markdown has its operation', () => {
    const md = readFileSync(join(out, 'api/get-pet.md'), 'utf8');
    expect(md).toContain('```http\nGET /pets/{petId}\n```');
    expect(md).toContain('## Path parameters\n\n- `petId` (integer<int64>, required): The pet\'s id');
    expect(md).toContain('## Responses');
  });
});
