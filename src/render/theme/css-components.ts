/**
 * Styles of the page components, following the HTML contract documented at the top
 * of components/registry.ts (q-* classes): callouts, cards, columns, tabs, code
 * groups and code blocks, accordions, steps, fields, frames, tooltips, badges,
 * updates, trees, panels, tables, mermaid and math.
 */
export const COMPONENTS_CSS = String.raw`
.q-icon{width:1em;height:1em;flex:none;vertical-align:-.125em}
.q-callout{--q-callout-color:#0ea5e9;display:flex;gap:12px;margin:1.25em 0;padding:14px 16px;border:1px solid color-mix(in srgb,var(--q-callout-color) 30%,transparent);border-radius:var(--radius);background:color-mix(in srgb,var(--q-callout-color) 7%,var(--bg));color:var(--fg-soft);font-size:.95rem}
.q-callout-note{--q-callout-color:#0ea5e9}.q-callout-info{--q-callout-color:#64748b}.q-callout-tip{--q-callout-color:#10b981}
.q-callout-warning{--q-callout-color:#f59e0b}.q-callout-check{--q-callout-color:#22c55e}.q-callout-danger{--q-callout-color:#ef4444}.q-callout-callout{--q-callout-color:var(--accent)}
.q-callout-icon{color:var(--q-callout-color);width:1.15em;height:1.15em;margin-top:.2em}
.q-callout-content{min-width:0;flex:1}
.q-callout-content>:first-child{margin-top:0}.q-callout-content>:last-child{margin-bottom:0}
.q-card-group,.q-columns{display:grid;gap:16px;margin:1.25em 0;grid-template-columns:repeat(var(--cols,2),minmax(0,1fr))}
.q-card-group[data-cols="1"],.q-columns[data-cols="1"]{--cols:1}.q-card-group[data-cols="3"],.q-columns[data-cols="3"]{--cols:3}.q-card-group[data-cols="4"],.q-columns[data-cols="4"]{--cols:4}
.q-card{display:flex;flex-direction:column;gap:10px;padding:18px;border:1px solid var(--border);border-radius:12px;background:var(--bg);color:var(--fg-soft);text-decoration:none!important;font-weight:400!important;transition:border-color .15s,box-shadow .15s;overflow:hidden;margin:0}
.q-card-group>.q-card,.q-columns>.q-card{margin:0}
a.q-card:hover{border-color:var(--accent);box-shadow:var(--shadow)}
.q-card-horizontal{flex-direction:row;align-items:center}
.q-card-img{margin:-18px -18px 4px;width:calc(100% + 36px);max-width:none;border-radius:0}
.q-card-icon{display:inline-flex;color:var(--accent);font-size:1.3rem}
.q-card-body{display:block;min-width:0}
.q-card-title{display:block;font-weight:600;color:var(--fg);margin-bottom:4px}
.q-card-content{display:block;font-size:.9rem;color:var(--fg-muted)}
.q-card-content>p{margin:.3em 0}
.q-card-cta{display:inline-block;margin-top:8px;font-size:.85rem;font-weight:600;color:var(--accent-text)}
.q-tabs,.q-code-group{margin:1.25em 0;border:1px solid var(--border);border-radius:var(--radius);overflow:hidden;background:var(--bg)}
.q-tab-list{display:flex;gap:4px;padding:0 8px;border-bottom:1px solid var(--border);background:var(--bg-soft);overflow-x:auto;scrollbar-width:none}
.q-tab{position:relative;padding:9px 10px;border:0;background:none;color:var(--fg-muted);font:inherit;font-size:.85rem;font-weight:500;cursor:pointer;white-space:nowrap}
.q-tab:hover{color:var(--fg)}
.q-tab[aria-selected="true"]{color:var(--accent-text);font-weight:600}
.q-tab[aria-selected="true"]::after{content:"";position:absolute;left:8px;right:8px;bottom:-1px;height:2px;border-radius:2px;background:var(--accent)}
.q-tab-panel{padding:4px 18px}
.q-code-group .q-tab-panel{padding:0}
.q-tab-panel[hidden]{display:none}
.q-code-group .q-code,.q-code-group pre{margin:0;border:0;border-radius:0}
.q-code{position:relative;margin:1.25em 0;border:1px solid var(--border);border-radius:var(--radius);background:var(--code-bg);overflow:hidden}
.q-code .q-code-pre{border:0;border-radius:0;margin:0}
.q-code-header{display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:38px;padding:0 8px 0 14px;border-bottom:1px solid var(--border);font-size:.8rem;color:var(--fg-muted);background:var(--bg-soft)}
.q-code-title{font-weight:500;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.q-code-copy{display:inline-flex;align-items:center;gap:4px;padding:3px 9px;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg-muted);font:inherit;font-size:.75rem;cursor:pointer}
.q-code-copy:hover{color:var(--fg);border-color:var(--border-strong)}
.q-code-copy.copied{color:var(--accent-text);border-color:var(--accent)}
.q-code>.q-code-copy{position:absolute;top:8px;right:8px;z-index:1;opacity:0;transition:opacity .15s}
.q-code:hover>.q-code-copy,.q-code>.q-code-copy:focus-visible,.q-code>.q-code-copy.copied{opacity:1}
.q-example{margin:1.25em 0}
.q-mermaid{margin:1.25em 0;border:1px solid var(--border);border-radius:var(--radius);overflow:hidden}
.q-mermaid pre{margin:0;border:0;border-radius:0}
.q-math[data-math="display"]{display:block;margin:1em 0;overflow-x:auto;overflow-y:hidden}
.q-accordion-group{margin:1.25em 0;border:1px solid var(--border);border-radius:var(--radius);overflow:hidden}
.q-accordion-group>.q-accordion{margin:0;border:0;border-radius:0;border-bottom:1px solid var(--border)}
.q-accordion-group>.q-accordion:last-child{border-bottom:0}
.q-accordion,.q-expandable{margin:1em 0;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg)}
.q-accordion-summary,.q-expandable-summary{display:flex;align-items:center;gap:10px;padding:12px 16px;cursor:pointer;list-style:none;color:var(--fg);font-weight:500}
.q-accordion-summary::-webkit-details-marker,.q-expandable-summary::-webkit-details-marker{display:none}
.q-accordion-summary::before,.q-expandable-summary::before{content:"";width:7px;height:7px;border-right:2px solid var(--fg-muted);border-bottom:2px solid var(--fg-muted);transform:rotate(-45deg);transition:transform .15s;flex:none;margin-right:2px}
details[open]>.q-accordion-summary::before,details[open]>.q-expandable-summary::before{transform:rotate(45deg)}
.q-accordion-summary:hover,.q-expandable-summary:hover{background:var(--bg-soft)}
.q-accordion-title{flex:1}
.q-accordion-description{display:block;font-size:.85rem;font-weight:400;color:var(--fg-muted)}
.q-accordion-content,.q-expandable-content{padding:4px 16px 12px 36px}
.q-expandable{font-size:.9rem}.q-expandable-summary{padding:8px 12px;font-size:.85rem;color:var(--fg-muted)}
.q-steps{list-style:none;margin:1.5em 0;padding:0;counter-reset:none}
.q-step{position:relative;display:flex;gap:16px;padding-bottom:20px;margin:0}
.q-step::before{content:"";position:absolute;left:14px;top:34px;bottom:4px;width:1px;background:var(--border)}
.q-step:last-child::before{display:none}
.q-step-marker{display:inline-flex;align-items:center;justify-content:center;flex:none;width:29px;height:29px;border-radius:999px;background:var(--bg-muted);color:var(--fg);font-size:.85rem;font-weight:600;border:1px solid var(--border)}
.q-step-body{min-width:0;flex:1;padding-top:2px}
.prose .q-step-title{margin:0 0 6px;font-size:1rem;font-weight:600;color:var(--fg)}
.q-step-content>:first-child{margin-top:0}.q-step-content>:last-child{margin-bottom:0}
.q-field{padding:14px 0;border-bottom:1px solid var(--border)}
.q-field-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px;font-size:.85rem}
.prose .q-field-name{text-decoration:none}
.prose .q-field-name code{font-weight:600;color:var(--accent-text);background:var(--accent-soft);border-color:transparent}
.q-field-type,.q-field-location,.q-field-default{font-family:var(--mono);font-size:.75rem;color:var(--fg-muted);background:var(--bg-muted);padding:1px 6px;border-radius:5px}
.q-field-required{font-size:.72rem;font-weight:600;color:#dc2626;background:#fee2e2;padding:1px 6px;border-radius:5px}
html.dark .q-field-required{color:#fecaca;background:#7f1d1d}
.q-field-deprecated{font-size:.72rem;font-weight:600;color:#92400e;background:#fef3c7;padding:1px 6px;border-radius:5px}
.q-field-body{margin-top:6px;font-size:.92rem}
.q-field-body>:first-child{margin-top:0}.q-field-body>:last-child{margin-bottom:0}
.q-frame{margin:1.25em 0;padding:8px;border:1px solid var(--border);border-radius:14px;background:var(--bg-soft)}
.q-frame-content{border-radius:8px;overflow:hidden;display:flex;justify-content:center}
.q-frame-content img{border-radius:8px;display:block}
.q-frame figcaption{padding:8px 4px 2px;text-align:center;font-size:.85rem;color:var(--fg-muted)}
.q-tooltip{position:relative;border-bottom:1px dashed var(--fg-muted);cursor:help}
.q-tooltip-content{position:absolute;bottom:calc(100% + 8px);left:50%;transform:translateX(-50%);z-index:20;width:max-content;max-width:260px;padding:6px 10px;border-radius:8px;background:var(--fg);color:var(--bg);font-size:.8rem;line-height:1.4;visibility:hidden;opacity:0;transition:opacity .12s;pointer-events:none}
.q-tooltip:hover .q-tooltip-content,.q-tooltip:focus .q-tooltip-content,.q-tooltip:focus-within .q-tooltip-content{visibility:visible;opacity:1}
.q-badge{--q-badge:#64748b;display:inline-flex;align-items:center;gap:4px;padding:1px 8px;border-radius:999px;font-size:.75rem;font-weight:600;line-height:1.6;vertical-align:middle;color:color-mix(in srgb,var(--q-badge) 80%,var(--fg));background:color-mix(in srgb,var(--q-badge) 14%,transparent);border:1px solid color-mix(in srgb,var(--q-badge) 25%,transparent)}
.q-badge[data-color="blue"]{--q-badge:#3b82f6}.q-badge[data-color="green"]{--q-badge:#22c55e}.q-badge[data-color="red"]{--q-badge:#ef4444}.q-badge[data-color="yellow"],.q-badge[data-color="orange"]{--q-badge:#f59e0b}.q-badge[data-color="purple"]{--q-badge:#a855f7}.q-badge[data-color="primary"]{--q-badge:var(--accent)}
.q-badge[data-size="sm"]{font-size:.68rem;padding:0 6px}.q-badge[data-size="lg"]{font-size:.85rem;padding:2px 10px}
.q-icon-wrap{display:inline-flex;vertical-align:-.15em}
.q-update{display:grid;grid-template-columns:160px minmax(0,1fr);gap:24px;padding:24px 0;border-bottom:1px solid var(--border)}
.prose .q-update-label{margin:0;font-size:.85rem;font-weight:600;display:inline-block;padding:2px 10px;border-radius:999px;background:var(--accent-soft);color:var(--accent-text)}
.q-update-description{margin:6px 0 0;font-size:.85rem;color:var(--fg-muted)}
.q-update-tags{display:flex;flex-wrap:wrap;gap:4px;list-style:none;padding:0;margin:8px 0 0}
.q-update-tags li{font-size:.72rem;padding:0 6px;border-radius:5px;background:var(--bg-muted);margin:0}
.q-update-content>:first-child{margin-top:0}
.q-tree,.q-tree ul{list-style:none;margin:0;padding:0}
.q-tree{margin:1.25em 0;padding:12px 16px;border:1px solid var(--border);border-radius:var(--radius);font-family:var(--mono);font-size:.85rem}
.q-tree ul{padding-left:18px;border-left:1px solid var(--border);margin-left:7px}
.q-tree li{margin:2px 0}
.q-tree summary{display:flex;align-items:center;gap:6px;cursor:pointer;list-style:none}
.q-tree summary::-webkit-details-marker{display:none}
.q-tree-file{display:flex;align-items:center;gap:6px}
.q-tree .q-icon{color:var(--fg-muted)}
.q-panel{margin:1.25em 0;padding:16px;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg-soft)}
.q-panel>:first-child,.q-tab-panel>:first-child{margin-top:.6em}.q-panel>:last-child,.q-tab-panel>:last-child{margin-bottom:.6em}
.q-table{margin:1.25em 0;overflow-x:auto;border:1px solid var(--border);border-radius:var(--radius)}
.q-table table{margin:0;display:table}
.q-table th{background:var(--bg-soft)}
.q-table tr:last-child td{border-bottom:0}
.q-footnotes{margin-top:3em;font-size:.85rem;border-top:1px solid var(--border);padding-top:1em}
.q-embed-link{display:inline-flex;align-items:center;gap:6px}
.not-found{text-align:center;padding:32px 0}
.not-found-code{font-size:4rem;font-weight:800;letter-spacing:-.04em;margin:0;color:var(--accent-text)}
@media (max-width:640px){.q-card-group,.q-columns{grid-template-columns:minmax(0,1fr)}.q-update{grid-template-columns:minmax(0,1fr);gap:8px}}
`;
