/**
 * Analytics snippets from docs.json `integrations`. They call outside hosts, so they
 * are left out of air-gapped builds; in cloud and client-hosted builds the providers
 * below are included with their IDs checked (a value that is not a plain ID is
 * refused, so config can never inject markup). The result says, per provider, what
 * was included and why not.
 */
import type { Deployment, Diagnostic, SiteConfig } from '../types.js';
import { escapeAttr } from '../layout/escape.js';

type Snippet = (settings: Record<string, unknown>) => string | null;

const ID = /^[A-Za-z0-9._:-]{1,128}$/;
const HOST = /^https:\/\/[A-Za-z0-9.-]+(:\d+)?$/;

function id(settings: Record<string, unknown>, key: string): string | null {
  const v = settings[key];
  return typeof v === 'string' && ID.test(v) ? v : null;
}

const PROVIDERS: Record<string, Snippet> = {
  ga4(s) {
    const m = id(s, 'measurementId');
    if (!m) return null;
    return `<script async src="https://www.googletagmanager.com/gtag/js?id=${escapeAttr(m)}"></script>` +
      `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','${m}');</script>`;
  },
  gtm(s) {
    const t = id(s, 'tagId');
    if (!t) return null;
    return `<script async src="https://www.googletagmanager.com/gtm.js?id=${escapeAttr(t)}"></script>` +
      `<script>window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});</script>`;
  },
  plausible(s) {
    const d = id(s, 'domain');
    if (!d) return null;
    const server = typeof s.server === 'string' && HOST.test(`https://${s.server}`) ? `https://${s.server}` : 'https://plausible.io';
    return `<script defer data-domain="${escapeAttr(d)}" src="${escapeAttr(server)}/js/script.js"></script>`;
  },
  fathom(s) {
    const site = id(s, 'siteId');
    if (!site) return null;
    return `<script defer data-site="${escapeAttr(site)}" src="https://cdn.usefathom.com/script.js"></script>`;
  },
  posthog(s) {
    const key = id(s, 'apiKey');
    if (!key) return null;
    const host = typeof s.apiHost === 'string' && HOST.test(s.apiHost) ? s.apiHost : 'https://us.i.posthog.com';
    return `<script defer src="${escapeAttr(host)}/static/array.js"></script>` +
      `<script>window.addEventListener('load',function(){if(window.posthog)window.posthog.init('${key}',{api_host:'${host}'})});</script>`;
  },
};

export interface AnalyticsResult {
  headHtml: string;
  features: Record<string, { included: boolean; reason?: string }>;
  diagnostics: Diagnostic[];
}

export function analyticsSnippets(config: SiteConfig, deployment: Deployment): AnalyticsResult {
  const features: AnalyticsResult['features'] = {};
  const diagnostics: Diagnostic[] = [];
  let headHtml = '';
  for (const provider of Object.keys(config.integrations).sort()) {
    const name = `analytics:${provider}`;
    if (deployment === 'air-gapped') {
      features[name] = { included: false, reason: 'analytics call outside hosts; left out of air-gapped deployments' };
      continue;
    }
    const snippet = PROVIDERS[provider];
    if (!snippet) {
      features[name] = { included: false, reason: `the static export has no snippet for "${provider}"` };
      continue;
    }
    const html = snippet(config.integrations[provider] ?? {});
    if (!html) {
      features[name] = { included: false, reason: 'missing or invalid ID in its settings' };
      diagnostics.push({ severity: 'warning', file: config.source, path: `integrations.${provider}`, message: `integration "${provider}" has a missing or invalid ID; left out` });
      continue;
    }
    features[name] = { included: true };
    headHtml += html;
  }
  return { headHtml, features, diagnostics };
}
