/**
 * Mermaid diagrams. A page with a diagram names the mermaid library the export shipped
 * (`data-mermaid-src` on <body>, a path from the site root); it is imported only there,
 * from the site itself, never from another host. Each `[data-mermaid]` figure holds the
 * diagram's source; its drawing (SVG) goes into the figure and hides the source, and is
 * drawn again when the reader switches between light and dark. A diagram that cannot be
 * drawn keeps its source, with mermaid's message under it.
 */
import { all } from './dom.js';

interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

const doc = document.documentElement;
let sequence = 0;

function isDark(): boolean {
  return doc.classList.contains('dark');
}

async function draw(mermaid: Mermaid, figures: HTMLElement[]): Promise<void> {
  const dark = isDark();
  // strict: labels are sanitized and click handlers in diagrams are ignored
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default', fontFamily: 'inherit' });
  // One at a time: mermaid lays out in a shared scratch element.
  for (const figure of figures) {
    const target = figure.querySelector<HTMLElement>('[data-mermaid-diagram]');
    const source = figure.querySelector('pre')?.textContent ?? '';
    if (!target) continue;
    const id = `q-mermaid-${++sequence}`;
    try {
      const { svg } = await mermaid.render(id, source);
      target.innerHTML = svg;
      figure.setAttribute('data-rendered', dark ? 'dark' : 'light');
      figure.removeAttribute('data-mermaid-error');
    } catch (err) {
      // mermaid leaves its scratch element behind when a diagram does not parse
      document.getElementById(`d${id}`)?.remove();
      document.getElementById(id)?.remove();
      figure.removeAttribute('data-rendered');
      figure.setAttribute('data-mermaid-error', '');
      target.textContent = err instanceof Error ? err.message : String(err);
    }
  }
}

export function setupMermaid(): void {
  const src = document.body.getAttribute('data-mermaid-src');
  const figures = all('[data-mermaid]');
  if (!src || figures.length === 0) return;
  const root = new URL(document.body.getAttribute('data-root') || './', document.baseURI);
  void (import(new URL(src, root).href) as Promise<{ default: Mermaid }>).then(async ({ default: mermaid }) => {
    await draw(mermaid, figures);
    let drawn = isDark();
    let busy: Promise<void> = Promise.resolve();
    // The theme switch (theme-mode.ts) toggles `dark` on <html>: colours are part of the SVG, so draw again.
    new MutationObserver(() => {
      if (isDark() === drawn) return;
      drawn = isDark();
      busy = busy.then(() => draw(mermaid, figures));
    }).observe(doc, { attributes: true, attributeFilter: ['class'] });
  }).catch(() => {
    // the library did not load (a folder copied without it): the sources stay, readable
  });
}
