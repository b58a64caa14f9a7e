/**
 * Types shared by the API reference generator: the serializable description of one
 * endpoint page (sent to render worker threads) and the result of planning.
 */
import type { ApiExamples, Diagnostic, Navigation } from '../types.js';

/** One generated API reference page: which operation of which document it shows. */
export interface EndpointPageSpec {
  /** Output page path without extension, e.g. `api-reference/users/get-a-user`. */
  page: string;
  /** Sidebar and page title: the operation summary, else `METHOD /path`. */
  title: string;
  /** Upper-case HTTP method. */
  method: string;
  path: string;
  /** The OpenAPI document as referenced: a path relative to the docs root, or a URL. */
  file: string;
  /** For URL documents: absolute path of the copy fetched at export time (workers read it, never the network). */
  localCopy?: string;
  /** The MDX page whose frontmatter names this operation; its content goes above the reference. */
  contentPage?: string;
  /** Sample settings of the navigation node that lists the page (`examples`), over `api.examples`. */
  examples?: ApiExamples;
}

export interface FeatureState {
  included: boolean;
  reason?: string;
}

export interface ApiReferencePlan {
  /** config.navigation with endpoint nodes replaced by pages and `openapi` groups filled. */
  navigation: Navigation;
  endpoints: EndpointPageSpec[];
  diagnostics: Diagnostic[];
  features: Record<string, FeatureState>;
  /** Reference styles and playground script; null when the site has no API pages. */
  assets: { css: string; js: string } | null;
}
