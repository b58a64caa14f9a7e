/**
 * Security of an operation: which schemes apply (operation `security`, else the
 * document's), described for readers (bearer, basic, API key in header/query/cookie,
 * OAuth2 flows and scopes, OpenID Connect) and summarised for code samples and the
 * playground, which asks for the matching credentials.
 */
import { fillUi, uiStrings, type UiStrings } from '../layout/ui-strings.js';
import { esc } from './html.js';
import { markdownToHtml, type MarkdownLinks } from './markdown.js';
import type { OpenApiObject } from './read-document.js';
import { isSchema, objectAt, objectEntries, stringAt } from './schema-utils.js';

export interface AuthScheme {
  /** Key in `components.securitySchemes`. */
  key: string;
  kind: 'bearer' | 'basic' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'other';
  /** For apiKey: where and under which name. */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  scopes: string[];
}

export interface OperationSecurity {
  /** Alternatives: any one requirement satisfies the operation; each lists schemes used together. */
  requirements: AuthScheme[][];
  /** True when an empty requirement `{}` makes authentication optional. */
  optional: boolean;
}

export function operationSecurity(doc: OpenApiObject, op: OpenApiObject): OperationSecurity {
  const reqs: unknown[] = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  const schemes = objectAt(objectAt(doc.components).securitySchemes);
  let optional = false;
  const requirements: AuthScheme[][] = [];
  for (const req of reqs) {
    if (!isSchema(req)) continue;
    const entries = Object.entries<unknown>(req);
    if (entries.length === 0) optional = true;
    const group = entries.flatMap(([key, scopes]) => {
      const scheme = schemes[key];
      return isSchema(scheme) ? [toAuthScheme(key, scheme, Array.isArray(scopes) ? scopes.map(String) : [])] : [];
    });
    if (group.length > 0) requirements.push(group);
  }
  return { requirements, optional };
}

function toAuthScheme(key: string, s: OpenApiObject, scopes: string[]): AuthScheme {
  if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'bearer') return { key, kind: 'bearer', scopes };
  if (s.type === 'http' && typeof s.scheme === 'string' && s.scheme.toLowerCase() === 'basic') return { key, kind: 'basic', scopes };
  if (s.type === 'apiKey' && (s.in === 'header' || s.in === 'query' || s.in === 'cookie')) return { key, kind: 'apiKey', in: s.in, name: stringAt(s.name) ?? key, scopes };
  if (s.type === 'oauth2') return { key, kind: 'oauth2', scopes };
  if (s.type === 'openIdConnect') return { key, kind: 'openIdConnect', scopes };
  return { key, kind: 'other', scopes };
}

/** All distinct schemes of the operation, in order of appearance. */
export function distinctSchemes(sec: OperationSecurity): AuthScheme[] {
  const seen = new Map<string, AuthScheme>();
  for (const group of sec.requirements) for (const s of group) if (!seen.has(s.key)) seen.set(s.key, s);
  return [...seen.values()];
}

/** A scheme's description in the page's words; the HTML parts are put in after the words are escaped. */
function describe(scheme: AuthScheme, def: OpenApiObject, ui: UiStrings): string {
  const say = (word: string, parts: Record<string, string>) => fillUi(esc(word), parts);
  switch (scheme.kind) {
    case 'bearer': return say(ui.bearerDescription, { header: '<code>Bearer &lt;token&gt;</code>', format: def.bearerFormat ? ` (${say(ui.tokenFormat, { format: esc(def.bearerFormat) })})` : '' });
    case 'basic': return say(ui.basicDescription, { header: '<code>Basic &lt;encoded-value&gt;</code>', pair: '<code>username:password</code>' });
    case 'apiKey': return say(scheme.in === 'header' ? ui.apiKeyHeader : scheme.in === 'query' ? ui.apiKeyQuery : ui.apiKeyCookie, { name: `<code>${esc(scheme.name)}</code>` });
    case 'openIdConnect': return say(ui.openIdDescription, { url: `<code>${esc(def.openIdConnectUrl ?? '')}</code>` });
    case 'oauth2': {
      const flows = objectEntries(def.flows).map(([flow, f]) => {
        const urls = [f.authorizationUrl && `${esc(ui.authorizationUrl)} <code>${esc(f.authorizationUrl)}</code>`, f.tokenUrl && `${esc(ui.tokenUrl)} <code>${esc(f.tokenUrl)}</code>`, f.refreshUrl && `${esc(ui.refreshUrl)} <code>${esc(f.refreshUrl)}</code>`].filter(Boolean).join(', ');
        const scopes = Object.entries<unknown>(isSchema(f.scopes) ? f.scopes : {}).map(([k, v]) => `<li><code>${esc(k)}</code>${v ? `: ${esc(v)}` : ''}</li>`).join('');
        return `<li>${say(ui.oauthFlow, { name: esc(flow) })}${urls ? `: ${urls}` : ''}${scopes ? `<ul>${scopes}</ul>` : ''}</li>`;
      }).join('');
      return `${say(ui.oauth2Description, { header: '<code>Authorization: Bearer &lt;access token&gt;</code>' })}${flows ? `<ul class="api-oauth-flows">${flows}</ul>` : ''}`;
    }
    default: return esc(def.type ?? 'custom');
  }
}

/** `ui`: the page's words (badge, descriptions). */
export function renderSecurity(doc: OpenApiObject, sec: OperationSecurity, links: MarkdownLinks, ui: UiStrings = uiStrings()): string {
  const defs = objectAt(objectAt(doc.components).securitySchemes);
  const items = distinctSchemes(sec).map((s) => {
    const def = objectAt(defs[s.key]);
    const label = s.kind === 'apiKey' ? s.name! : s.kind === 'bearer' || s.kind === 'basic' || s.kind === 'oauth2' ? 'Authorization' : s.key;
    const where = s.kind === 'apiKey' ? s.in! : s.kind === 'openIdConnect' || s.kind === 'other' ? s.kind : 'header';
    const scopes = s.scopes.length ? `<div class="api-field-meta"><span>${esc(ui.requiredScopes)}: ${s.scopes.map((x) => `<code>${esc(x)}</code>`).join(', ')}</span></div>` : '';
    return `<div class="api-field" data-scheme="${esc(s.key)}"><div class="api-field-head"><code class="api-field-name">${esc(label)}</code> <span class="api-field-type">${esc(s.kind === 'other' ? 'string' : s.kind === 'apiKey' ? 'string' : s.kind)}</span> <span class="api-field-note">${esc(where)}</span>${sec.optional ? '' : ` <span class="api-badge api-badge-required">${esc(ui.required)}</span>`}</div><div class="api-field-desc"><p>${describe(s, def, ui)}</p>${typeof def.description === 'string' ? markdownToHtml(def.description, links) : ''}</div>${scopes}</div>`;
  });
  const alternatives = sec.requirements.length > 1 ? `<p class="api-note">${esc(ui.anyScheme)}</p>` : '';
  return items.length ? `${alternatives}<div class="api-fields">${items.join('')}</div>` : '';
}
