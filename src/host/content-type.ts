/**
 * Content types and caching rules of served files, decided once per file when a site
 * is loaded: the media type by extension, whether the file is worth compressing, and
 * its Cache-Control (files named after their own content hash immutable for a year, everything else revalidated).
 */
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  mdx: 'text/markdown; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  yaml: 'application/yaml; charset=utf-8',
  yml: 'application/yaml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  wasm: 'application/wasm',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  weba: 'audio/webm',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  vtt: 'text/vtt; charset=utf-8',
};

/** Types that compress well; images, fonts (woff*), media and archives already are compressed. */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml|rss\+xml|yaml|wasm|vnd\.ms-fontobject)|image\/(svg\+xml|x-icon|bmp)|font\/(ttf|otf))/;

/** The hash in a content-hashed name as Quire writes them (render/theme/content-hash.ts): `site.3f2a9c1d.css`. */
const HASHED_NAME = /\.([0-9a-f]{8})\.[A-Za-z0-9_]+$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  const ext = dot === -1 || dot < path.lastIndexOf('/') ? '' : path.slice(dot + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/**
 * A second fence for documents that are images or data to the site but run script when
 * opened on their own (SVG, XML, XHTML): the export sanitizes every SVG it writes, and
 * this policy makes the browser refuse script, plugins and outside loads even in a bundle
 * made before that (or by hand). Inline styles and `data:` images stay, so a drawing
 * looks the same. As an `<img>`, an SVG runs nothing anyway; the policy applies when it
 * is opened as a page.
 */
export const DOCUMENT_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox";

/** The extra headers a file's answer carries for its type (the policy above, for SVG and XML). */
export function securityHeadersOf(contentType: string): string[] {
  return /^(image\/svg\+xml|application\/(xml|rss\+xml|xhtml\+xml))\b/.test(contentType) ? ['Content-Security-Policy', DOCUMENT_POLICY] : [];
}

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * A file whose name holds the start of its own sha256 never changes under that name:
 * immutable for a year. Everything else (HTML, an author's `assets/logo.png`, a name that
 * merely looks hashed) is revalidated through its ETag, so a new bundle shows at once.
 */
export function cacheControlOf(path: string, contentType: string, sha256: string): string {
  if (contentType.startsWith('text/html')) return REVALIDATE;
  const hash = HASHED_NAME.exec(path)?.[1];
  return hash !== undefined && sha256.startsWith(hash) ? IMMUTABLE : REVALIDATE;
}
