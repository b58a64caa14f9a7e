/**
 * A page's Markdown version (`page.md`) with its remote media rewritten as its HTML was:
 * an image the export bundled points at the bundled file (the same relative path as
 * from the HTML page beside it), one left out becomes its alt text, one kept stays. Only
 * Markdown images outside code are touched (`![alt](url)`, `![alt](<url> "title")`, as
 * the Markdown printer writes them): a URL shown in a code block or a code span is the
 * page's text. Video and audio have no Markdown image form; their URLs stay as written.
 */
import type { MediaTarget } from './media-refs.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** `![alt](url "title")`: alt without brackets, url bare or in angle brackets. */
const IMAGE = /!\[((?:\\.|[^\\\]])*)\]\((<)?([^\s<>)]+|[^<>\n]+?)(?:>)?(\s+"(?:\\.|[^"\\])*")?\)/g;

/** `markdown` with its image URLs replaced as `target` says; the text itself when nothing changes. */
export function rewriteMarkdownMedia(markdown: string, target: (url: string) => MediaTarget): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = FENCE.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && line.trim() === open[1]) fence = undefined;
      continue;
    }
    if (open) {
      fence = open[1];
      continue;
    }
    if (!line.includes('![')) continue;
    // Code spans keep their text: only the parts between them are rewritten.
    const parts = line.split(/(`+[^`]*`+)/);
    for (let p = 0; p < parts.length; p += 2) {
      parts[p] = parts[p].replace(IMAGE, (whole, alt: string, angle: string | undefined, url: string, title: string | undefined) => {
        const t = target(url);
        if (t === 'keep') return whole;
        changed = true;
        if (t === 'omit') return alt;
        return `![${alt}](${angle ? `<${t.href}>` : t.href}${title ?? ''})`;
      });
    }
    lines[i] = parts.join('');
  }
  return changed ? lines.join('\n') : markdown;
}
