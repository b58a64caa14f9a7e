/** CardGroup and Columns: a responsive grid whose column count (`cols`, 1-4) is a data attribute. */
import type { ComponentDefinition } from './types.js';

function grid(className: string): ComponentDefinition {
  return {
    block: true,
    render(el, r) {
      const raw = Number(r.props(el).cols ?? 2);
      const cols = Number.isFinite(raw) ? Math.min(4, Math.max(1, Math.round(raw))) : 2;
      return `<div class="${className}" data-cols="${cols}">${r.children(el)}</div>`;
    },
  };
}

// Beside Quire's class, Mintlify's element class (customize/custom-scripts.mdx) for the site's CSS.
export const CardGroup = grid('q-card-group card-group');
export const Columns = grid('q-columns columns');
