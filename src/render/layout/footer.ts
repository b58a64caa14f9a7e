/**
 * The footer: social links with their icons, columns of links from docs.json
 * `footer.links`, and the site name.
 */
import { escapeAttr, escapeHtml, safeUrl } from './escape.js';
import type { SiteModel } from './site-model.js';
import { socialIcon } from './ui-icons.js';

/** @param link turns a configured href into the one to write (internal pages become relative .html links). */
export function renderFooter(model: Pick<SiteModel, 'config'>, link: (href: string) => string = safeUrl): string {
  const { footer, name } = model.config;
  const socials = Object.keys(footer.socials)
    .sort()
    .map((network) => {
      const href = safeUrl(footer.socials[network]);
      return `<li><a href="${escapeAttr(href)}" aria-label="${escapeAttr(network)}" title="${escapeAttr(network)}">${socialIcon(network)}</a></li>`;
    })
    .join('');
  const columns = footer.links
    .map((col) => {
      const items = col.items.map((l) => `<li><a href="${escapeAttr(link(l.href))}">${escapeHtml(l.label)}</a></li>`).join('');
      const header = col.header ? `<p class="footer-header">${escapeHtml(col.header)}</p>` : '';
      return `<div class="footer-column">${header}<ul>${items}</ul></div>`;
    })
    .join('');
  return `<footer class="site-footer footer" id="footer"><div class="footer-inner">` +
    `<div class="footer-brand"><p class="footer-name">${escapeHtml(name)}</p>${socials ? `<ul class="footer-socials">${socials}</ul>` : ''}</div>` +
    (columns ? `<div class="footer-columns">${columns}</div>` : '') +
    `</div></footer>`;
}
