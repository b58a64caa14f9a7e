/**
 * Styles of API reference pages and the playground. They build on the site theme's
 * tokens (`--bg`, `--fg`, `--border`, `--accent`, `--mono`, ...) with fallbacks, so the
 * pages follow the site's colors and light/dark mode.
 */
export const REFERENCE_CSS = String.raw`
.api-ref{--api-get:#16a34a;--api-post:#2563eb;--api-put:#d97706;--api-patch:#9333ea;--api-delete:#dc2626;--api-other:#64748b}
.api-ref{container-type:inline-size}
.api-ref-grid{display:grid;grid-template-columns:minmax(0,1fr);grid-template-areas:"head" "aside" "main";gap:8px 28px}
.api-ref-head{grid-area:head}.api-ref-aside{grid-area:aside}.api-ref-main{grid-area:main}
@container (min-width:960px){.api-ref-grid{grid-template-columns:minmax(0,1fr) minmax(0,420px);grid-template-areas:"head aside" "main aside"}.api-ref-aside{position:sticky;top:calc(var(--topbar-h,60px) + var(--tabs-h,0px) + 16px);align-self:start;max-height:calc(100vh - var(--topbar-h,60px) - 32px);overflow:auto}}
.api-method{display:inline-block;font:600 .72rem/1.6 var(--mono,monospace);letter-spacing:.04em;padding:1px 8px;border-radius:6px;color:#fff;background:var(--api-other);flex:none}
.api-method-get{background:var(--api-get)}.api-method-post{background:var(--api-post)}.api-method-put{background:var(--api-put)}.api-method-patch{background:var(--api-patch)}.api-method-delete{background:var(--api-delete)}
.api-request-bar{display:flex;align-items:center;gap:10px;border:1px solid var(--border,#e2e8f0);border-radius:var(--radius,10px);padding:8px 10px;background:var(--bg-soft,#f8fafc);margin:0 0 16px;position:relative}
.api-request-url{font-family:var(--mono,monospace);font-size:.85rem;overflow-x:auto;white-space:nowrap;flex:1;background:none!important;border:0!important;padding:0!important}
.api-server{color:var(--fg-muted,#64748b)}
.api-path-param{color:var(--accent-text,#2563eb);font-weight:600}
.api-request-bar .q-code-copy{margin-left:auto;font-size:.75rem;border:1px solid var(--border,#e2e8f0);border-radius:6px;background:var(--bg,#fff);color:var(--fg-muted,#64748b);padding:2px 8px;cursor:pointer}
.api-deprecated-note{border-left:3px solid #d97706;background:color-mix(in srgb,#d97706 10%,transparent);padding:8px 12px;border-radius:6px;margin:12px 0}
.api-badge{display:inline-block;font-size:.7rem;font-weight:600;padding:0 6px;border-radius:999px;background:var(--bg-muted,#f1f5f9);color:var(--fg-muted,#64748b);margin-left:6px;line-height:1.7}
.api-badge-required{color:#dc2626;background:color-mix(in srgb,#dc2626 10%,transparent)}
.api-badge-deprecated{color:#d97706;background:color-mix(in srgb,#d97706 12%,transparent)}
.api-fields{display:flex;flex-direction:column}
.api-field{border-bottom:1px solid var(--border,#e2e8f0);padding:12px 0}
.api-field:last-child{border-bottom:0}
.api-field-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 8px}
.api-field-name{font-weight:600;color:var(--fg,#0f172a)}
.api-field-type,.api-field-note{font:.8rem var(--mono,monospace);color:var(--fg-muted,#64748b)}
.api-field-desc>:first-child{margin-top:4px}.api-field-desc>:last-child{margin-bottom:0}
.api-field-meta{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:.82rem;color:var(--fg-muted,#64748b);margin-top:6px}
.api-expandable,.api-choice{border:1px solid var(--border,#e2e8f0);border-radius:var(--radius-sm,6px);margin-top:8px}
.api-expandable>summary,.api-choice>summary{cursor:pointer;padding:4px 10px;font-size:.85rem;color:var(--fg-soft,#334155)}
.api-expandable>.api-fields,.api-choice>.api-fields{padding:0 12px}
.api-choices{margin-top:8px}.api-choices-label{font-size:.82rem;font-weight:600;color:var(--fg-muted,#64748b)}
.api-choice-when{font-size:.8rem;color:var(--fg-muted,#64748b);margin-left:6px}
.api-circular{font-size:.82rem;color:var(--fg-muted,#64748b);font-style:italic;margin-top:6px}
.api-response h3 .api-status-text{font-weight:400;color:var(--fg-muted,#64748b);font-size:.95rem;margin-left:6px}
.api-media-type{font:.8rem var(--mono,monospace);color:var(--fg-muted,#64748b)}
.api-note{font-size:.82rem;color:var(--fg-muted,#64748b)}
.api-samples{margin:0 0 16px}
.api-tabs [role=tablist]{display:flex;flex-wrap:wrap;gap:2px;border-bottom:1px solid var(--border,#e2e8f0)}
.api-tabs [role=tab]{border:0;background:none;padding:6px 10px;font-size:.82rem;cursor:pointer;color:var(--fg-muted,#64748b);border-bottom:2px solid transparent}
.api-tabs [role=tab][aria-selected=true]{color:var(--fg,#0f172a);border-bottom-color:var(--accent,#2563eb)}
.api-tabs [role=tabpanel]{padding-top:8px}
.api-tab-title{font-size:.82rem;color:var(--fg-muted,#64748b);padding:6px 0;border-bottom:1px solid var(--border,#e2e8f0);margin-bottom:8px}
.api-samples,.api-response-examples{margin:8px 0 16px}
.api-tabs .q-code pre,.api-tabs pre{border-radius:var(--radius-sm,6px);max-height:480px}
.api-playground{border:1px solid var(--border,#e2e8f0);border-radius:var(--radius,10px);margin:0 0 20px;background:var(--bg,#fff)}
.api-try{cursor:pointer;padding:8px 14px;font-weight:600;color:var(--accent-text,#2563eb);list-style:none}
.api-try::-webkit-details-marker{display:none}
.api-try::before{content:"▶ ";font-size:.7em}
.api-playground[open]>.api-try::before{content:"▼ "}
.api-pg-form{padding:0 14px 14px;display:flex;flex-direction:column;gap:10px}
.api-pg-group{border:1px solid var(--border,#e2e8f0);border-radius:var(--radius-sm,6px);padding:8px 12px;margin:0;display:flex;flex-direction:column;gap:8px}
.api-pg-group legend{font-size:.82rem;font-weight:600;padding:0 4px}
.api-pg-row{display:grid;grid-template-columns:minmax(120px,220px) 1fr;gap:8px;align-items:center}
@media (max-width:640px){.api-pg-row{grid-template-columns:1fr}}
.api-pg-row label{font-size:.85rem}
.api-pg-where{font-size:.75rem;color:var(--fg-muted,#64748b)}
.api-pg-form input,.api-pg-form select,.api-pg-form textarea{font:.85rem var(--mono,monospace);padding:6px 8px;border:1px solid var(--border-strong,#cbd5e1);border-radius:6px;background:var(--bg,#fff);color:var(--fg,#0f172a);width:100%}
.api-pg-form textarea{resize:vertical;min-height:6em}
.api-pg-actions{display:flex;align-items:center;gap:12px}
.api-pg-send{background:var(--accent,#2563eb);color:var(--accent-fg,#fff);border:0;border-radius:6px;padding:7px 18px;font-weight:600;cursor:pointer}
.api-pg-send:disabled{opacity:.6;cursor:progress}
.api-pg-error{color:#dc2626;font-size:.85rem}
.api-pg-response{border-top:1px solid var(--border,#e2e8f0);padding:10px 14px 14px}
.api-pg-status-line{display:flex;gap:12px;align-items:baseline;font-weight:600}
.api-pg-status-2xx{color:#16a34a}.api-pg-status-3xx{color:#2563eb}.api-pg-status-4xx,.api-pg-status-5xx,.api-pg-status-error{color:#dc2626}
.api-pg-time{font-weight:400;color:var(--fg-muted,#64748b);font-size:.85rem}
.api-pg-headers,.api-pg-body{font:.8rem/1.6 var(--mono,monospace);background:var(--code-bg,#f8fafc);border:1px solid var(--border,#e2e8f0);border-radius:6px;padding:10px;max-height:420px;overflow:auto;white-space:pre-wrap;word-break:break-word}
`;
