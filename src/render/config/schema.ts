/**
 * zod schemas for the sections of docs.json other than navigation (which is walked
 * node by node in navigation.ts so one bad entry drops only itself). Unknown keys are
 * tolerated everywhere: the schemas are loose objects.
 */
import { z } from 'zod';
import type { ApiSpecRef } from '../types.js';

const str = z.string();
const link = z.looseObject({ label: str.optional(), name: str.optional(), href: str.optional(), url: str.optional(), icon: str.optional() });

export const sectionSchemas = {
  name: str,
  theme: str,
  colors: z.looseObject({ primary: str.optional(), light: str.optional(), dark: str.optional() }),
  background: z.looseObject({ color: z.looseObject({ light: str.optional(), dark: str.optional() }).optional() }),
  logo: z.union([str, z.looseObject({ light: str.optional(), dark: str.optional(), href: str.optional() })]),
  favicon: z.union([str, z.looseObject({ light: str.optional(), dark: str.optional() })]),
  navbar: z.looseObject({
    links: z.array(link).optional(),
    primary: z.looseObject({ type: str.optional(), label: str.optional(), href: str.optional() }).optional(),
  }),
  footer: z.looseObject({
    socials: z.record(z.string(), str).optional(),
    links: z.array(z.looseObject({ header: str.optional(), items: z.array(link).optional() })).optional(),
  }),
  redirects: z.array(z.looseObject({ source: str, destination: str, permanent: z.boolean().optional() })),
  banner: z.looseObject({ content: str, dismissible: z.boolean().optional() }),
  appearance: z.looseObject({ default: z.enum(['system', 'light', 'dark']).optional(), strict: z.boolean().optional() }),
  icons: z.looseObject({ library: z.enum(['fontawesome', 'lucide', 'tabler']).optional() }),
  seo: z.looseObject({ indexing: z.enum(['navigable', 'all']).optional(), metatags: z.record(z.string(), str).optional(), trailingSlash: z.boolean().optional() }),
  errors: z.looseObject({
    '404': z.looseObject({ redirect: z.boolean().optional(), title: str.optional(), description: str.optional() }).optional(),
  }),
  integrations: z.record(z.string(), z.record(z.string(), z.unknown())),
  api: z.looseObject({
    openapi: z.union([str, z.array(str), z.looseObject({ source: str.optional(), directory: str.optional() })]).optional(),
    playground: z.looseObject({ display: z.enum(['interactive', 'simple', 'none']).optional(), enabledInAirGapped: z.boolean().optional() }).optional(),
    url: str.optional(),
    mdx: z.looseObject({ server: z.union([str, z.array(str)]).optional() }).optional(),
    servers: z.union([str, z.array(str)]).optional(),
    examples: z.looseObject({ languages: z.array(str).optional(), autogenerate: z.boolean().optional(), defaults: z.enum(['required', 'all']).optional(), prefill: z.boolean().optional() }).optional(),
  }),
} as const;

export type SectionName = keyof typeof sectionSchemas;
export type Section<K extends SectionName> = z.infer<(typeof sectionSchemas)[K]>;

/** `openapi` as written on the api block, a tab, an anchor or a group -> its sources. */
export function openapiSources(value: unknown): string[] {
  return specRef(value)?.source ?? [];
}

/**
 * `openapi` / `asyncapi` on any navigation node: a path or URL, a list of them, or
 * `{source, directory}`; null when it is none of these.
 */
export function specRef(value: unknown): ApiSpecRef | null {
  const strings = (v: unknown): string[] | null => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v.filter((x) => x.trim()) : null);
  if (typeof value === 'string') return value.trim() ? { source: [value.trim()] } : null;
  if (Array.isArray(value)) return strings(value)?.length ? { source: strings(value)! } : null;
  if (!value || typeof value !== 'object') return null;
  const { source, directory } = value as { source?: unknown; directory?: unknown };
  const list = typeof source === 'string' ? [source.trim()].filter(Boolean) : strings(source);
  if (!list?.length || (directory !== undefined && typeof directory !== 'string')) return null;
  return { source: list, ...(typeof directory === 'string' && directory.trim() ? { directory: directory.trim() } : {}) };
}
