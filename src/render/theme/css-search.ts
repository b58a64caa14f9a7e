/** Styles of the search dialog (results with title, section and snippet). */
export const SEARCH_CSS = String.raw`
.search-dialog{position:fixed;inset:0;z-index:100;display:flex;justify-content:center;align-items:flex-start;padding:10vh 16px 16px}
.search-dialog[hidden]{display:none}
.search-backdrop{position:absolute;inset:0;background:rgba(15,23,42,.5);backdrop-filter:blur(2px)}
.search-panel{position:relative;width:100%;max-width:640px;max-height:75vh;display:flex;flex-direction:column;background:var(--bg);border:1px solid var(--border);border-radius:14px;box-shadow:0 24px 64px rgba(0,0,0,.3);overflow:hidden}
.search-input-row{display:flex;align-items:center;gap:10px;padding:0 14px;border-bottom:1px solid var(--border);color:var(--fg-muted);font-size:1.1rem}
.search-input{flex:1;height:54px;border:0;outline:0;background:transparent;color:var(--fg);font:inherit;font-size:1rem}
.search-input::-webkit-search-cancel-button{display:none}
.search-results{list-style:none;margin:0;padding:8px;overflow-y:auto}
.search-results:empty{display:none}
.search-result a{display:block;padding:10px 12px;border-radius:10px;text-decoration:none;color:var(--fg-soft)}
.search-result[aria-selected="true"] a{background:var(--accent-soft);outline:1px solid color-mix(in srgb,var(--accent) 35%,transparent)}
.search-result-title{display:block;font-weight:600;color:var(--fg);font-size:.95rem}
.search-result-section{display:block;font-size:.8rem;color:var(--accent-text);margin-top:2px}
.search-result-excerpt{display:block;font-size:.85rem;color:var(--fg-muted);margin-top:4px;line-height:1.5;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.search-result mark{background:color-mix(in srgb,var(--accent) 25%,transparent);color:var(--fg);border-radius:2px;padding:0 1px}
.search-status{margin:0;padding:14px 16px;font-size:.875rem;color:var(--fg-muted)}
.search-status:empty{display:none}
.search-footer{display:flex;gap:16px;margin:0;padding:10px 14px;border-top:1px solid var(--border);font-size:.75rem;color:var(--fg-muted);background:var(--bg-soft)}
.search-footer kbd{margin-right:3px}
@media (max-width:560px){.search-dialog{padding:0}.search-panel{max-width:none;max-height:100vh;height:100%;border-radius:0}.search-footer{display:none}}
`;
