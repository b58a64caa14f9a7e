/** Code highlighting, math and diagrams for rendered pages. */
export { blockLanguages, ensureLanguages, getHighlighter, languageId, LIGHT_THEME, DARK_THEME } from './highlighter.js';
export { renderCodeBlock, highlightPre, highlightKey, COPY_BUTTON, type HighlightCache } from './code-block.js';
export { parseCodeMeta, parseLineRanges, type CodeMeta } from './code-meta.js';
export { renderMath, katexAssetsDir, KATEX_CSS } from './math.js';
export { renderMermaid } from './mermaid.js';
