/** The table of contents marks the heading being read as the page scrolls. */
import { all } from './dom.js';

export function setupToc(): void {
  const links = all<HTMLAnchorElement>('.toc a');
  if (!links.length || !window.IntersectionObserver) return;
  const byId = new Map<string, HTMLAnchorElement>();
  for (const a of links) byId.set(decodeURIComponent((a.getAttribute('href') || '').slice(1)), a);
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      for (const a of links) a.classList.remove('active');
      const link = byId.get(entry.target.id);
      if (link) link.classList.add('active');
    }
  }, { rootMargin: '-80px 0px -70% 0px' });
  for (const id of byId.keys()) {
    const heading = document.getElementById(id);
    if (heading) observer.observe(heading);
  }
}
