/**
 * Types shared by the API reference generator: the serializable description of one
 * endpoint page (sent to render worker threads) and the result of planning.
 */
import type { ApiExamples, Diagnostic, Navigation } from '../types.js';

/** One generated API reference page: which operation of which document it shows. */
export interface EndpointPageSpec {
  /** Unset on endpoint pages (kept out of the serialised spec); `channel` marks the other kind. */
  kind?: 'endpoint';
  /** Output page path without extension, e.g. `api-reference/users/get-a-user`. */
  page: string;
  /** Sidebar and page title: the operation summary, else `METHOD /path` (a webhook's name). */
  title: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The operation's path, or on a webhook page the webhook's name. */
  path: string;
  /** A webhook of the document (OpenAPI 3.1 `webhooks`): a request the API sends, shown without a playground. */
  webhook?: true;
  /** The OpenAPI document as referenced: a path relative to the docs root, or a URL. */
  file: string;
  /** For URL documents: absolute path of the copy fetched at export time (workers read it, never the network). */
  localCopy?: string;
  /** Other files of the docs folder the document's `$ref`s read: the page's cache key covers them. */
  refFiles?: string[];
  /** The MDX page whose frontmatter names this operation; its content goes above the reference. */
  contentPage?: string;
  /** Sample settings of the navigation node that lists the page (`examples`), over `api.examples`. */
  examples?: ApiExamples;
}

/** One generated AsyncAPI channel page (render-channel.ts). */
export interface ChannelPageSpec {
  kind: 'channel';
  /** Output page path without extension, e.g. `api-reference/websockets/orders`. */
  page: string;
  /** Sidebar and page title: the channel's title, else its id in sentence case (as Mintlify). */
  title: string;
  /** The AsyncAPI document as referenced: a path relative to the docs root, or a URL. */
  file: string;
  /** The channel's id (its key under `channels`). */
  channel: string;
  localCopy?: string;
  /** As on endpoint pages: files the document's `$ref`s read. */
  refFiles?: string[];
  /** The MDX page whose frontmatter names this channel (`asyncapi: "file channel"`); its content goes above. */
  contentPage?: string;
}

/** What a render task may carry: an OpenAPI endpoint page or an AsyncAPI channel page. */
export type ApiPageSpec = EndpointPageSpec | ChannelPageSpec;

export interface FeatureState {
  included: boolean;
  reason?: string;
}

export interface ApiReferencePlan {
  /** config.navigation with endpoint nodes replaced by pages and `openapi` groups filled. */
  navigation: Navigation;
  endpoints: EndpointPageSpec[];
  /** AsyncAPI channel pages (navigation `asyncapi` and `asyncapi:` frontmatter). */
  channels: ChannelPageSpec[];
  diagnostics: Diagnostic[];
  features: Record<string, FeatureState>;
  /** Reference styles and playground script; null when the site has no API pages. */
  assets: { css: string; js: string } | null;
}
