/**
 * Base styles: design tokens (light and dark), the system font stack, typography
 * of the page body. Colors of the site come in as CSS variables (see site-css.ts).
 */
export const BASE_CSS = String.raw`
:root{--bg:#ffffff;--bg-soft:#f8fafc;--bg-muted:#f1f5f9;--fg:#0f172a;--fg-soft:#334155;--fg-muted:#64748b;--border:#e2e8f0;--border-strong:#cbd5e1;
--accent:var(--primary);--accent-fg:#ffffff;--accent-soft:color-mix(in srgb,var(--primary) 10%,transparent);--accent-text:color-mix(in srgb,var(--primary) 85%,#000);
--code-bg:#f8fafc;--shadow:0 1px 2px rgba(15,23,42,.06),0 4px 16px rgba(15,23,42,.06);--radius:10px;--radius-sm:6px;
--topbar-h:60px;--tabs-h:0px;--sidebar-w:272px;--toc-w:232px;--content-w:760px;
--font:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif,"Apple Color Emoji","Segoe UI Emoji";
--mono:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;color-scheme:light}
html.dark{--bg:#0b0f17;--bg-soft:#111827;--bg-muted:#1e2533;--fg:#e5e7eb;--fg-soft:#cbd5e1;--fg-muted:#94a3b8;--border:#1f2937;--border-strong:#334155;
--accent:var(--primary-dark-mode);--accent-fg:#0b0f17;--accent-soft:color-mix(in srgb,var(--primary-dark-mode) 16%,transparent);--accent-text:var(--primary-dark-mode);
--code-bg:#0f1522;--shadow:0 1px 2px rgba(0,0,0,.4),0 8px 24px rgba(0,0,0,.35);color-scheme:dark}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-padding-top:calc(var(--topbar-h) + var(--tabs-h) + 16px)}
body{margin:0;font-family:var(--font);font-size:16px;line-height:1.65;color:var(--fg);background:var(--bg);-webkit-font-smoothing:antialiased}
a{color:var(--accent-text)}
img,svg,video{max-width:100%}
.icon{width:1em;height:1em;flex:none;vertical-align:-.125em}
kbd{font-family:var(--mono);font-size:.75rem;border:1px solid var(--border-strong);border-bottom-width:2px;border-radius:4px;padding:0 .35em;background:var(--bg-soft);color:var(--fg-muted)}
.skip-link{position:absolute;left:-9999px;top:8px;z-index:100;background:var(--accent);color:var(--accent-fg);padding:8px 12px;border-radius:var(--radius-sm)}
.skip-link:focus{left:8px}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.prose{font-size:1rem;color:var(--fg-soft);overflow-wrap:break-word}
.prose>:first-child{margin-top:0}
.prose h2,.prose h3,.prose h4,.prose h5,.prose h6{color:var(--fg);line-height:1.3;scroll-margin-top:calc(var(--topbar-h) + var(--tabs-h) + 16px)}
.prose h2{font-size:1.5rem;margin:2.2em 0 .6em;letter-spacing:-.01em}
.prose h3{font-size:1.2rem;margin:1.8em 0 .5em}
.prose h4{font-size:1.05rem;margin:1.5em 0 .4em}
.prose p,.prose ul,.prose ol,.prose blockquote,.prose table{margin:1em 0}
.prose ul,.prose ol{padding-left:1.4em}
.prose li{margin:.3em 0}
.prose li>p{margin:.3em 0}
.prose a{text-decoration:underline;text-decoration-color:color-mix(in srgb,var(--accent) 40%,transparent);text-underline-offset:3px;font-weight:500}
.prose a:hover{text-decoration-color:var(--accent)}
.prose strong{color:var(--fg)}
.prose hr{border:0;border-top:1px solid var(--border);margin:2em 0}
.prose blockquote{border-left:3px solid var(--border-strong);padding-left:1em;color:var(--fg-muted);margin-left:0}
.prose img{border-radius:var(--radius);height:auto}
.prose :not(pre)>code{font-family:var(--mono);font-size:.875em;background:var(--bg-muted);border:1px solid var(--border);border-radius:5px;padding:.1em .35em;color:var(--fg)}
.prose table{width:100%;border-collapse:collapse;font-size:.9rem;display:block;overflow-x:auto}
.prose th,.prose td{border-bottom:1px solid var(--border);padding:.55em .8em;text-align:left;vertical-align:top}
.prose th{color:var(--fg);font-weight:600;border-bottom-width:2px}
.prose .heading-anchor,.prose .anchor{opacity:0;margin-left:.3em;text-decoration:none;color:var(--fg-muted)}
.prose h2:hover .heading-anchor,.prose h3:hover .heading-anchor,.prose h2:hover .anchor,.prose h3:hover .anchor{opacity:1}
`;
