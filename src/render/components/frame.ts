/**
 * Frame: a bordered figure around an image or video, with an optional hint above and a
 * caption below. Both are Markdown (components/frames.mdx: "Learn more about [Yosemite]…").
 */
import type { ComponentDefinition } from './types.js';

export const Frame: ComponentDefinition = {
  block: true,
  render(el, r) {
    const { caption, hint } = r.props(el);
    return (
      '<figure class="q-frame frame" data-frame>' +
      (typeof hint === 'string' ? `<p class="q-frame-hint">${r.markdown(hint, el)}</p>` : '') +
      `<div class="q-frame-content">${r.children(el)}</div>` +
      (typeof caption === 'string' ? `<figcaption>${r.markdown(caption, el)}</figcaption>` : '') +
      '</figure>'
    );
  },
};
