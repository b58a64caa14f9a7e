/**
 * The few interface icons the layout draws itself (search, theme toggle, menu,
 * chevrons, social networks), inlined as SVG from the Lucide set shipped in
 * @iconify-json/lucide: no icon font, no CDN request.
 */
import { createRequire } from 'node:module';

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
}

let iconSet: IconSet | undefined;
const rendered = new Map<string, string>();

function loadSet(): IconSet {
  iconSet ??= createRequire(import.meta.url)('@iconify-json/lucide/icons.json') as IconSet;
  return iconSet;
}

/** Social network keys of docs.json `footer.socials` mapped to Lucide icon names. */
const SOCIAL_ICONS: Record<string, string> = {
  x: 'twitter', twitter: 'twitter', github: 'github', linkedin: 'linkedin', youtube: 'youtube',
  facebook: 'facebook', instagram: 'instagram', slack: 'slack', discord: 'message-circle',
  website: 'globe', 'hacker-news': 'newspaper', medium: 'pen-line', telegram: 'send',
  reddit: 'message-square', podcast: 'podcast', rss: 'rss', email: 'mail',
};

/** Inline SVG of a Lucide icon (aria-hidden), or an empty string when the set lacks it. */
export function uiIcon(name: string, className = 'icon'): string {
  const key = `${name}\u0000${className}`;
  const cached = rendered.get(key);
  if (cached !== undefined) return cached;
  const set = loadSet();
  const target = set.icons[name] ? name : set.aliases?.[name]?.parent;
  const icon = target ? set.icons[target] : undefined;
  // No xmlns: an <svg> in an HTML page is in the SVG namespace without it, and every page draws a score of these.
  const svg = icon
    ? `<svg class="${className}" viewBox="0 0 ${icon.width ?? set.width ?? 24} ${icon.height ?? set.height ?? 24}" width="1em" height="1em" aria-hidden="true" focusable="false">${icon.body}</svg>`
    : '';
  rendered.set(key, svg);
  return svg;
}

export function socialIcon(network: string): string {
  return uiIcon(SOCIAL_ICONS[network.toLowerCase()] ?? 'link', 'icon');
}
