/**
 * A division's own `global` links, exported: each language's pages show that
 * language's links instead of the site's, a version inside a language shows its own
 * over its language's, a language without `global` keeps the site's, and each
 * language's llms.txt lists the links its pages show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedSite, type ExportedSite } from './make-site.js';

let site: ExportedSite;

/** The sidebar's global links of an exported page as `label -> href`, the current one marked `*`. */
function globalLinks(page: string): string[] {
  const list = /<ul class="nav-anchors">([^]*?)<\/ul>/.exec(site.read(`${page}.html`))?.[1] ?? '';
  return [...list.matchAll(/<a class="nav-anchor" href="([^"]*)"( aria-current="true")?>[^]*?<span>([^<]*)<\/span>/g)].map((m) => `${m[3]} -> ${m[1]}${m[2] ? ' *' : ''}`);
}

beforeAll(async () => {
  const page = (title: string) => `---\ntitle: ${title}\n---\n\n${title}.\n`;
  site = await exportedSite({
    'docs.json': JSON.stringify({
      name: 'Globals',
      colors: { primary: '#112233' },
      navigation: {
        global: { anchors: [{ anchor: 'Status', href: 'https://status.example.com', icon: 'signal' }] },
        languages: [
          {
            language: 'en',
            global: { anchors: [{ anchor: 'Community', href: 'https://community.example.com', icon: 'comment-dots' }, { anchor: 'Changelog', href: '/changelog', icon: 'list' }] },
            versions: [
              { version: 'v2', groups: [{ group: 'Start', pages: ['index', 'changelog'] }] },
              { version: 'v1', global: { anchors: [{ anchor: 'Old forum', href: 'https://old.example.com' }] }, groups: [{ group: 'Start', pages: ['v1/index'] }] },
            ],
          },
          { language: 'es', global: { anchors: [{ anchor: 'Comunidad', href: 'https://community.example.com/es', icon: 'comment-dots' }] }, groups: [{ group: 'Inicio', pages: ['es/index'] }] },
          { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index'] }] },
        ],
      },
    }),
    'index.mdx': page('Home'),
    'changelog.mdx': page('Changelog'),
    'v1/index.mdx': page('Home v1'),
    'es/index.mdx': page('Inicio'),
    'fr/index.mdx': page('Accueil'),
  }, { baseUrl: 'https://docs.example.com' });
}, 120_000);
afterAll(() => site?.cleanup());

describe("a division's global links", () => {
  it("draws each language's own links on its pages, in place of the site's", () => {
    expect(site.diagnostics.filter((d) => d.file === 'docs.json')).toEqual([]);
    expect(globalLinks('index')).toEqual(['Community -> https://community.example.com', 'Changelog -> changelog.html']);
    expect(globalLinks('changelog')).toEqual(['Community -> https://community.example.com', 'Changelog -> changelog.html *']);
    expect(globalLinks('es/index')).toEqual(['Comunidad -> https://community.example.com/es']);
  });

  it("lets a version's own links win over its language's, and keeps the site's where no division has any", () => {
    expect(globalLinks('v1/index')).toEqual(['Old forum -> https://old.example.com']);
    expect(globalLinks('fr/index')).toEqual(['Status -> https://status.example.com']);
  });

  it("lists each language's links in its llms.txt", () => {
    expect(site.read('llms.txt')).toContain('## Optional\n\n- [Community](https://community.example.com)\n');
    expect(site.read('llms.txt')).not.toContain('status.example.com');
    expect(site.read('es/llms.txt')).toContain('## Optional\n\n- [Comunidad](https://community.example.com/es)\n');
    expect(site.read('fr/llms.txt')).toContain('## Optional\n\n- [Status](https://status.example.com)\n');
  });
});
