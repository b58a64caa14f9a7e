/**
 * Callouts: Note, Info, Tip, Warning, Check, Danger and the generic Callout (with its
 * own `icon` and `color`). An `<aside>` with role=note, an icon and the content.
 */
import { attrs } from '../markdown/escape.js';
import type { ComponentDefinition } from './types.js';
import type { UiStrings } from '../layout/ui-strings.js';

/** The callout kinds with their icon (Lucide, Quire's own) and the key of their name in the page's words; typed cards use them too. */
export const KINDS: Record<string, { icon: string; label: keyof UiStrings }> = {
  note: { icon: 'info', label: 'calloutNote' },
  info: { icon: 'info', label: 'calloutInfo' },
  tip: { icon: 'lightbulb', label: 'calloutTip' },
  warning: { icon: 'triangle-alert', label: 'calloutWarning' },
  check: { icon: 'circle-check', label: 'calloutCheck' },
  danger: { icon: 'octagon-alert', label: 'calloutDanger' },
  callout: { icon: 'info', label: 'calloutCallout' },
};

const COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;

/** A CSS color value that is safe to put in a style attribute, or undefined. */
export function safeColor(v: unknown): string | undefined {
  return typeof v === 'string' && COLOR.test(v.trim()) ? v.trim() : undefined;
}

export function callout(kind: keyof typeof KINDS): ComponentDefinition {
  return {
    block: true,
    render(el, r) {
      const p = r.props(el);
      const icon = typeof p.icon === 'string' ? r.icon(p.icon, { className: 'q-callout-icon' }, el) : r.icon(KINDS[kind].icon, { className: 'q-callout-icon', library: 'lucide' });
      const color = kind === 'callout' ? safeColor(p.color) : undefined;
      return (
        `<aside${attrs({ class: `q-callout callout q-callout-${kind}`, 'data-callout': kind, role: 'note', 'aria-label': r.ui[KINDS[kind].label], style: color ? `--q-callout-color:${color}` : undefined })}>` +
        `${icon}<div class="q-callout-content">${r.children(el)}</div></aside>`
      );
    },
  };
}
