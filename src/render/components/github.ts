/**
 * GitHub.Repo (components/github.mdx): a card linking to a public repository. Mintlify's
 * card fetches the description, stars and forks from GitHub's API when the page loads;
 * an exported site makes no request to another host, so this card is static: the
 * repository's owner and name, its link, and the `variant` (inset or flat) look.
 */
import { attrs, escapeHtml } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';

const SLUG = /^(?:https?:\/\/(?:www\.)?github\.com\/)?([A-Za-z0-9][A-Za-z0-9-]{0,38})\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/;

export const GitHubRepo: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const m = typeof p.repo === 'string' ? SLUG.exec(p.repo.trim()) : null;
    if (!m) {
      r.warn(`<GitHub.Repo repo=${JSON.stringify(p.repo ?? null)}> is not an owner/name slug or a github.com URL: left out`, el);
      return '';
    }
    const [, owner, name] = m;
    const variant = p.variant === 'flat' ? 'flat' : 'inset';
    return (
      `<a${attrs({ class: 'q-github-repo', 'data-github-repo': '', 'data-variant': variant, href: `https://github.com/${owner}/${name}` })}>` +
      `${r.icon('github', { className: 'q-github-icon', library: 'fontawesome', iconType: 'brands' })}` +
      `<span class="q-github-body"><span class="q-github-owner">${escapeHtml(owner)} /</span> <span class="q-github-name">${escapeHtml(name)}</span></span>` +
      `<span class="q-github-cta">${escapeHtml(r.ui.viewOnGitHub)}</span></a>`
    );
  },
};
