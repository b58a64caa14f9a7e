/**
 * Layout styles: top bar, tabs, sidebar, page column, table of contents, pager,
 * footer, banner; the mobile layout below 1024px (sidebar behind the menu button)
 * and the table of contents hidden below 1280px.
 */
export const LAYOUT_CSS = String.raw`
.banner{display:flex;align-items:center;justify-content:center;gap:12px;padding:8px 16px;background:var(--accent);color:var(--accent-fg);font-size:.875rem;font-weight:500;text-align:center}
.banner p{margin:0}.banner a{color:inherit;text-decoration:underline}
.banner .icon-button{color:inherit}
html.banner-dismissed .banner{display:none}
.topbar{position:sticky;top:0;z-index:30;background:color-mix(in srgb,var(--bg) 88%,transparent);backdrop-filter:saturate(180%) blur(12px);-webkit-backdrop-filter:saturate(180%) blur(12px);border-bottom:1px solid var(--border)}
.topbar-inner{display:flex;align-items:center;gap:16px;height:var(--topbar-h);max-width:1536px;margin:0 auto;padding:0 24px}
.brand{display:flex;align-items:center;gap:8px;text-decoration:none;color:var(--fg);font-weight:700;font-size:1.1rem;flex:none}
.logo{height:28px;width:auto;display:block}
.logo-dark{display:none}html.dark .logo-light{display:none}html.dark .logo-dark{display:block}
.topbar-search{flex:1;display:flex;justify-content:center;min-width:0}
.search-button{display:flex;align-items:center;gap:8px;width:100%;max-width:360px;height:38px;padding:0 10px 0 12px;border:1px solid var(--border);border-radius:999px;background:var(--bg-soft);color:var(--fg-muted);font:inherit;font-size:.875rem;cursor:pointer;transition:border-color .15s}
.search-button:hover{border-color:var(--border-strong)}
.search-button .search-label{flex:1;text-align:left}
.navbar{display:flex;align-items:center;gap:16px}
.navbar-links{display:flex;gap:18px;list-style:none;margin:0;padding:0}
.navbar-links a{color:var(--fg-soft);text-decoration:none;font-size:.875rem;font-weight:500}
.navbar-links a:hover{color:var(--fg)}
.button-primary{display:inline-flex;align-items:center;height:34px;padding:0 14px;border-radius:999px;background:var(--accent);color:var(--accent-fg);font-size:.875rem;font-weight:600;text-decoration:none;white-space:nowrap}
.button-primary:hover{filter:brightness(1.08)}
.icon-button{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border:0;border-radius:8px;background:transparent;color:var(--fg-muted);cursor:pointer;font-size:1.15rem;flex:none}
.icon-button:hover{background:var(--bg-muted);color:var(--fg)}
.theme-toggle .icon-moon{display:none}html.dark .theme-toggle .icon-sun{display:none}html.dark .theme-toggle .icon-moon{display:block}
.menu-button{display:none}
.switcher{position:relative;font-size:.875rem}
.switcher summary{display:flex;align-items:center;gap:6px;list-style:none;cursor:pointer;padding:5px 10px;border:1px solid var(--border);border-radius:999px;color:var(--fg-soft)}
.switcher summary::-webkit-details-marker{display:none}
.switcher-menu{position:absolute;top:calc(100% + 6px);left:0;min-width:160px;list-style:none;margin:0;padding:6px;background:var(--bg);border:1px solid var(--border);border-radius:var(--radius);box-shadow:var(--shadow);z-index:40}
.switcher-menu a{display:block;padding:6px 10px;border-radius:6px;color:var(--fg-soft);text-decoration:none}
.switcher-menu a:hover,.switcher-menu a[aria-current]{background:var(--bg-muted);color:var(--fg)}
.section-tabs{position:sticky;top:var(--topbar-h);z-index:29;background:var(--bg);border-bottom:1px solid var(--border)}
.section-tabs ul{display:flex;gap:24px;list-style:none;margin:0 auto;padding:0 24px;max-width:1536px;overflow-x:auto;scrollbar-width:none}
.section-tab{display:flex;align-items:center;gap:6px;height:44px;color:var(--fg-muted);text-decoration:none;font-size:.875rem;font-weight:500;border-bottom:2px solid transparent;white-space:nowrap}
.section-tab:hover{color:var(--fg)}
.section-tab[aria-current]{color:var(--fg);border-bottom-color:var(--accent);font-weight:600}
body:has(.section-tabs){--tabs-h:45px}
.layout{display:grid;grid-template-columns:var(--sidebar-w) minmax(0,1fr) var(--toc-w);gap:48px;max-width:1536px;margin:0 auto;padding:0 24px}
.layout.no-toc{grid-template-columns:var(--sidebar-w) minmax(0,1fr)}
.layout.no-sidebar.no-toc{grid-template-columns:minmax(0,1fr)}
.layout.mode-center .page{width:100%;max-width:768px;margin:0 auto}
.sidebar{position:sticky;top:calc(var(--topbar-h) + var(--tabs-h));height:calc(100vh - var(--topbar-h) - var(--tabs-h));overflow-y:auto;padding:24px 8px 48px 0;scrollbar-width:thin}
.nav-anchors{list-style:none;margin:0 0 20px;padding:0}
.nav-anchor{display:flex;align-items:center;gap:10px;padding:5px 8px;border-radius:8px;color:var(--fg-soft);text-decoration:none;font-size:.875rem;font-weight:500}
.nav-anchor .icon{color:var(--accent);width:1.1em;height:1.1em}
.nav-anchor:hover,.nav-anchor[aria-current]{background:var(--bg-muted);color:var(--fg)}
.nav-tree,.nav-tree ul{list-style:none;margin:0;padding:0}
.nav-group{margin-bottom:22px}
.nav-group-title{display:flex;align-items:center;gap:8px;margin:0 0 6px;padding:0 8px;font-size:.8rem;font-weight:650;color:var(--fg);letter-spacing:.01em}
.nav-link,.nav-subgroup summary,.nav-group-collapsed>a{display:flex;align-items:center;gap:8px;padding:5px 8px;border-radius:8px;color:var(--fg-muted);text-decoration:none;font-size:.875rem;line-height:1.4;cursor:pointer}
.nav-link:hover,.nav-subgroup summary:hover,.nav-group-collapsed>a:hover{background:var(--bg-muted);color:var(--fg)}
.nav-link[aria-current="page"]{background:var(--accent-soft);color:var(--accent-text);font-weight:600}
.nav-label{flex:1;min-width:0}
.nav-group-root{display:flex;flex:1;align-items:center;gap:8px;color:inherit;text-decoration:none}
.nav-group-root[aria-current="page"]{color:var(--accent-text)}
.page-deprecated{font-size:.7rem;vertical-align:middle;margin-left:10px}
.nav-deprecated .nav-label{text-decoration:line-through}
.nav-tag{font-size:.65rem;font-weight:600;text-transform:uppercase;padding:1px 6px;border-radius:999px;background:var(--accent-soft);color:var(--accent-text)}
.nav-external-icon{opacity:.6}
.nav-subgroup summary{list-style:none}
.nav-subgroup summary::-webkit-details-marker{display:none}
.nav-chevron{flex:none;width:6px;height:6px;margin-right:4px;border-right:1.5px solid currentColor;border-bottom:1.5px solid currentColor;transform:rotate(-45deg);transition:transform .15s;opacity:.7}
.nav-subgroup details[open]>summary .nav-chevron{transform:rotate(45deg)}
.nav-subgroup ul{margin-left:12px;padding-left:8px;border-left:1px solid var(--border)}
.nav-group-collapsed{margin-bottom:2px}
.nav-group-collapsed>a{font-weight:600;color:var(--fg-soft);justify-content:space-between}
.nav-group-collapsed>a::after{content:"";width:6px;height:6px;margin-right:4px;border-right:1.5px solid currentColor;border-bottom:1.5px solid currentColor;transform:rotate(-45deg);opacity:.7}
.method{font-family:var(--mono);font-size:.62rem;font-weight:700;padding:1px 5px;border-radius:4px;min-width:38px;text-align:center;background:var(--bg-muted);color:var(--fg-muted)}
.method-get{background:#dcfce7;color:#166534}.method-post{background:#dbeafe;color:#1e40af}.method-put{background:#fef3c7;color:#92400e}.method-patch{background:#ffedd5;color:#9a3412}.method-delete{background:#fee2e2;color:#991b1b}
html.dark .method-get{background:#14532d;color:#bbf7d0}html.dark .method-post{background:#1e3a8a;color:#bfdbfe}html.dark .method-put{background:#78350f;color:#fde68a}html.dark .method-patch{background:#7c2d12;color:#fed7aa}html.dark .method-delete{background:#7f1d1d;color:#fecaca}
.sidebar-backdrop{display:none}
.sidebar-mobile-links{display:none;margin-top:20px;padding-top:16px;border-top:1px solid var(--border)}
.sidebar-mobile-links .button-primary{margin:10px 8px 0}
.page{min-width:0;max-width:var(--content-w);width:100%;margin:0 auto;padding:40px 0 64px}
.page-header{margin-bottom:28px}
.breadcrumbs ol{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0 0 8px;padding:0;font-size:.8rem;font-weight:600;color:var(--accent-text)}
.breadcrumbs li+li::before{content:"/";margin-right:6px;color:var(--fg-muted);font-weight:400}
.page-title{margin:0;font-size:2rem;line-height:1.2;letter-spacing:-.02em;color:var(--fg)}
.page-description{margin:10px 0 0;font-size:1.1rem;color:var(--fg-muted)}
.toc-column{position:relative}
.toc{position:sticky;top:calc(var(--topbar-h) + var(--tabs-h));max-height:calc(100vh - var(--topbar-h) - var(--tabs-h));overflow-y:auto;padding:40px 0 32px;font-size:.825rem}
.toc-title{margin:0 0 10px;font-weight:650;color:var(--fg)}
.toc ul{list-style:none;margin:0;padding:0;border-left:1px solid var(--border)}
.toc a{display:block;padding:4px 0 4px 14px;margin-left:-1px;border-left:1px solid transparent;color:var(--fg-muted);text-decoration:none;line-height:1.4}
.toc a:hover{color:var(--fg)}
.toc a.active{color:var(--accent-text);border-left-color:var(--accent);font-weight:500}
.toc .toc-depth-3 a{padding-left:26px}
.pager{display:grid;grid-template-columns:1fr 1fr;gap:16px;margin-top:56px;padding-top:24px;border-top:1px solid var(--border)}
.pager-link{display:flex;flex-direction:column;gap:4px;padding:14px 16px;border:1px solid var(--border);border-radius:var(--radius);text-decoration:none;transition:border-color .15s}
.pager-link:hover{border-color:var(--accent)}
.pager-next{text-align:right;align-items:flex-end;grid-column:2}
.pager-dir{display:flex;align-items:center;gap:4px;font-size:.8rem;color:var(--fg-muted)}
.pager-title{font-weight:600;color:var(--fg)}
.site-footer{border-top:1px solid var(--border);background:var(--bg-soft)}
.footer-inner{display:flex;flex-wrap:wrap;justify-content:space-between;gap:32px;max-width:1536px;margin:0 auto;padding:40px 24px}
.footer-name{margin:0 0 12px;font-weight:700;color:var(--fg)}
.footer-socials{display:flex;gap:12px;list-style:none;margin:0;padding:0}
.footer-socials a{display:inline-flex;color:var(--fg-muted);font-size:1.2rem}
.footer-socials a:hover{color:var(--fg)}
.footer-columns{display:flex;flex-wrap:wrap;gap:48px}
.footer-header{margin:0 0 10px;font-size:.8rem;font-weight:650;color:var(--fg)}
.footer-column ul{list-style:none;margin:0;padding:0}
.footer-column li{margin:6px 0}
.footer-column a{color:var(--fg-muted);text-decoration:none;font-size:.875rem}
.footer-column a:hover{color:var(--fg)}
.not-found{padding:48px 0;text-align:center}
@media (max-width:1279px){.layout{grid-template-columns:var(--sidebar-w) minmax(0,1fr)}.toc-column{display:none}}
@media (max-width:1023px){
.menu-button{display:inline-flex}
.layout,.layout.no-toc{display:block;padding:0 20px}
.sidebar{position:fixed;top:0;left:0;bottom:0;z-index:50;width:min(86vw,320px);height:auto;padding:20px 16px 40px;background:var(--bg);border-right:1px solid var(--border);transform:translateX(-105%);transition:transform .2s ease;box-shadow:var(--shadow)}
html.menu-open .sidebar{transform:none}
html.menu-open .sidebar-backdrop{display:block;position:fixed;inset:0;z-index:45;background:rgba(15,23,42,.45)}
html.menu-open{overflow:hidden}
.sidebar-mobile-links{display:block}
.navbar-links{display:none}
.topbar-inner{padding:0 12px;gap:8px}
.search-button{width:38px;padding:0;justify-content:center;border-radius:10px;margin-left:auto;flex:none}
.search-button .search-label,.search-button .search-kbd{display:none}
.topbar-search{justify-content:flex-end}
.page{padding-top:28px}
.page-title{font-size:1.65rem}
.section-tabs ul{padding:0 16px}
}
@media (max-width:560px){.topbar .button-primary{display:none}.switcher{display:none}.pager{grid-template-columns:1fr}.pager-next{grid-column:1}}
`;
