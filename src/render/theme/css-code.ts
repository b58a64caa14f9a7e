/**
 * Code blocks: Shiki's dual themes (colors carried as --shiki-light/--shiki-dark CSS
 * variables, set by the token classes, switched by the `dark` class), titles,
 * highlighted lines, copy button.
 */
import { tokenClassCss } from '../highlight/token-classes.js';

export const CODE_CSS = String.raw`
.prose pre{position:relative;margin:0;padding:14px 16px;overflow-x:auto;font-family:var(--mono);font-size:.85rem;line-height:1.7;background:var(--code-bg);border-radius:var(--radius);tab-size:2}
.prose pre code{font-family:inherit;background:none;border:0;padding:0;font-size:inherit;display:block;min-width:max-content}
.prose pre:not(.q-code-pre){border:1px solid var(--border);margin:1.25em 0}
.shiki,.shiki span{color:var(--shiki-light)}
.shiki{background-color:var(--code-bg)!important}
html.dark .shiki,html.dark .shiki span{color:var(--shiki-dark)!important}
html.dark .shiki{background-color:var(--code-bg)!important}
.shiki .line{display:inline-block;width:100%;min-height:1lh}
.shiki .line.highlighted,.shiki .line.highlight,.shiki .line[data-highlighted]{background:color-mix(in srgb,var(--accent) 12%,transparent);box-shadow:inset 2px 0 0 var(--accent);margin:0 -16px;padding:0 16px;width:calc(100% + 32px)}
.copy-button{position:absolute;top:8px;right:8px;display:inline-flex;align-items:center;justify-content:center;width:30px;height:30px;border:1px solid var(--border);border-radius:7px;background:var(--bg);color:var(--fg-muted);cursor:pointer;opacity:0;transition:opacity .15s;font-size:.9rem}
.code-block:hover .copy-button,pre:hover+.copy-button,.copy-button:focus-visible,.copy-button.copied{opacity:1}
.copy-button.copied{color:var(--accent-text);border-color:var(--accent)}
.katex-display{overflow-x:auto;overflow-y:hidden;padding:4px 0}
.mermaid-source,pre.mermaid{white-space:pre}
${tokenClassCss()}`;
