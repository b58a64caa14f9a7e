import { exportSite } from '/work/main/src/render/export-site.js';
const r = await exportSite({ root: '/work/main/test/fixtures/openapi/site', outDir: '/tmp/oa-out', deployment: 'cloud', workers: 1 });
console.log(r.pagesRendered, r.diagnostics, r.brokenLinks, r.features, r.files.filter(f => f.includes('api') || f.endsWith('.css') || f.endsWith('.js')));
