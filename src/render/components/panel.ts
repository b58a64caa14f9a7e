/** Panel: content meant for the side column of a page (an `<aside>` the layout may move). */
import type { ComponentDefinition } from './types.js';

export const Panel: ComponentDefinition = {
  block: true,
  render: (el, r) => `<aside class="q-panel" data-panel>${r.children(el)}</aside>`,
};
