/**
 * Embedded frames (markdown/embed.ts): a page holds a placeholder with the frame's address,
 * a link to it and a hidden button naming its host; here the button is shown, and clicking
 * it replaces the placeholder with the frame. Nothing is requested from that host before.
 *
 * The frame is sandboxed: its scripts run in its own origin (a video player needs them and
 * its storage) and it may open pop-ups (the player's links to its site), but it may never
 * navigate this page. An address that is not https, or is on this site's own origin (whose
 * frame, with scripts and its origin, could reach into this page), keeps only its link.
 */
import { all, on } from './dom.js';

/** What the frame may do (see above): never `allow-top-navigation`. */
const SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation allow-forms';

/** The placeholder's address, when it may be framed here. */
function frameUrl(value: string | undefined): URL | null {
  try {
    const url = new URL(value ?? '');
    return url.protocol === 'https:' && url.origin !== location.origin ? url : null;
  } catch {
    return null; // not an address: the link stays
  }
}

export function setupEmbeds(): void {
  for (const button of all<HTMLButtonElement>('[data-embed-load]')) {
    const box = button.closest<HTMLElement>('[data-embed]');
    const url = frameUrl(box?.dataset.embed);
    if (!box || !url) continue;
    button.hidden = false;
    on(button, 'click', () => {
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', SANDBOX);
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      if (box.dataset.embedAllow) frame.setAttribute('allow', box.dataset.embedAllow);
      frame.title = box.dataset.embedTitle || url.host;
      frame.src = url.href;
      box.replaceChildren(frame);
      box.classList.add('q-embed-loaded');
      frame.focus();
    });
  }
}
