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

export const CardGroup = grid('q-card-group');
export const Columns = grid('q-columns');
