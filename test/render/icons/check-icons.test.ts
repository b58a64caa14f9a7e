import { describe, expect, it } from 'vitest';
import { checkIcons } from '../../../src/render/icons/check-icons.js';
import type { SiteModel } from '../../../src/render/layout/site-model.js';
import { EMPTY_CONFIG } from '../components/render-helper.js';

function model(library: 'fontawesome' | 'lucide' | 'tabler', pageIcon?: string): SiteModel {
  return {
    config: { ...EMPTY_CONFIG, icons: { library }, navbar: { links: [{ label: 'Blog', href: 'https://x.test', icon: 'no-such-navbar-icon' }] } },
    navigation: {
      root: [{ kind: 'group', group: 'Start', icon: 'rocket', children: [{ kind: 'group', group: 'Deep', icon: 'not-an-icon-1', children: [] }] }],
      sections: [{ kind: 'tab', label: 'SDKs', icon: 'golang', children: [], sections: [] }],
      global: [{ label: 'Docs', href: '/x', icon: '/images/logo.svg' }],
    },
    deployment: 'cloud',
    pages: { intro: { page: 'intro', file: 'intro.mdx', title: 'Intro', sidebarTitle: 'Intro', hidden: false, noindex: false, listed: true, searchable: true, deprecated: false, inNav: true, ...(pageIcon ? { icon: pageIcon } : {}) } },
    order: ['intro'],
    assets: { css: 'a.css', js: 'a.js', headHtml: '' },
  };
}

describe('checkIcons', () => {
  it('names each unknown navigation and frontmatter icon once, and leaves known ones and images alone', () => {
    const d = checkIcons(model('fontawesome', 'circle-info-nope'));
    expect(d.map((x) => `${x.file}: ${x.message}`)).toEqual([
      'docs.json: navigation group "Deep": unknown icon "not-an-icon-1" (icons.library fontawesome): a placeholder is shown',
      'docs.json: navigation link "Blog": unknown icon "no-such-navbar-icon" (icons.library fontawesome): a placeholder is shown',
      'intro.mdx: frontmatter icon "circle-info-nope" is unknown (icons.library fontawesome): a placeholder is shown in the navigation',
    ]);
  });

  it('checks against the chosen library: "gear" is Font Awesome, not Tabler; the "golang" logo is drawn in any library', () => {
    expect(checkIcons(model('fontawesome', 'gear')).some((x) => x.message.includes('"gear"') || x.message.includes('"golang"'))).toBe(false);
    const tabler = checkIcons(model('tabler', 'gear'));
    expect(tabler.filter((x) => x.file === 'intro.mdx').map((x) => x.message)).toEqual(['frontmatter icon "gear" is unknown (icons.library tabler): a placeholder is shown in the navigation']);
    expect(tabler.some((x) => x.message.includes('"golang"'))).toBe(false);
  });
});
