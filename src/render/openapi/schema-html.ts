/**
 * Schemas as HTML fields: name, type, required, default, enum, example, constraints and
 * description, with nested objects and arrays in `<details>` (expandable without JS) and
 * `oneOf`/`anyOf` (with their discriminator) as a list of choices. A schema already open
 * on the current path is shown as a circular reference instead of being expanded.
 */
import { fillUi, uiStrings, type UiStrings } from '../layout/ui-strings.js';
import { fieldAnchor } from '../markdown/slugger.js';
import { esc, prettyJson } from './html.js';
import { markdownToHtml, type MarkdownLinks } from './markdown.js';
import { constraintsOf, isSchema, mergeAllOf, objectAt, ownExample, typeLabel, type Schema } from './schema-utils.js';

export interface SchemaHtmlContext {
  names: Map<object, string>;
  links: MarkdownLinks;
  direction: 'request' | 'response';
  /**
   * Field anchors as Mintlify's generated pages make them: the location (`body`,
   * `response`, `param`...) then each level's name in kebab case, a choice as `one-of-N`
   * (`#body-filterable-attributes-one-of-0`, `#response-one-of-0-hits-per-page`: links on
   * a published Mintlify site). `unique` numbers repeats across the page.
   */
  anchor?: { base: string; unique: (id: string) => string };
  /** The page's interface words (badges, "Default", "Show child attributes"...). @default English */
  ui?: UiStrings;
}

/** The context's interface words (English when it carries none). */
export const wordsOf = (ctx: SchemaHtmlContext): UiStrings => ctx.ui ?? uiStrings();

/** Said where a schema already open on the current path comes again. */
function circular(schema: object, ctx: SchemaHtmlContext): string {
  const ui = wordsOf(ctx);
  return `<div class="api-circular">${esc(fillUi(ui.circularReference, { name: ctx.names.get(schema) ?? ui.parentSchema }))}</div>`;
}

/** The context of the fields under `segment` (a field's kebab name, `one-of-0`...). */
function nestedCtx(ctx: SchemaHtmlContext, base: string | undefined): SchemaHtmlContext {
  return ctx.anchor && base ? { ...ctx, anchor: { base, unique: ctx.anchor.unique } } : ctx;
}

const MAX_DEPTH = 12;

export interface FieldOptions {
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  example?: { found: boolean; value?: unknown };
  /** Extra note after the type, e.g. the parameter location or content type. */
  note?: string;
}

function inlineValue(value: unknown): string {
  const text = typeof value === 'string' ? value : prettyJson(value);
  return `<code>${esc(text.length > 200 ? `${text.slice(0, 200)}…` : text)}</code>`;
}

/** One named field (a parameter or a property). */
export function renderField(name: string, schema: Schema | undefined, ctx: SchemaHtmlContext, opts: FieldOptions = {}, ancestors: Set<object> = new Set(), depth = 0): string {
  const s = schema ? mergeAllOf(schema) : {};
  const ui = wordsOf(ctx);
  const badges: string[] = [];
  if (opts.required) badges.push(`<span class="api-badge api-badge-required">${esc(ui.required)}</span>`);
  if (opts.deprecated || s.deprecated === true) badges.push(`<span class="api-badge api-badge-deprecated">${esc(ui.deprecatedBadge)}</span>`);
  if (s.readOnly === true) badges.push(`<span class="api-badge">${esc(ui.readOnly)}</span>`);
  if (s.writeOnly === true) badges.push(`<span class="api-badge">${esc(ui.writeOnly)}</span>`);
  const meta: string[] = [];
  if (s.default !== undefined) meta.push(`<span>${esc(ui.defaultValue)}: ${inlineValue(s.default)}</span>`);
  if (s.const !== undefined) meta.push(`<span>${esc(ui.constValue)}: ${inlineValue(s.const)}</span>`);
  const enumValues = Array.isArray(s.enum) ? s.enum : isSchema(s.items) && Array.isArray(s.items.enum) ? s.items.enum : undefined;
  if (enumValues) meta.push(`<span>${esc(ui.allowedValues)}: ${enumValues.slice(0, 50).map(inlineValue).join(', ')}${enumValues.length > 50 ? ' …' : ''}</span>`);
  const constraints = constraintsOf(s);
  if (constraints.length) meta.push(`<span>${esc(ui.constraints)}: ${constraints.map((c) => `<code>${esc(c)}</code>`).join(', ')}</span>`);
  const example = opts.example?.found ? opts.example : ownExample(s);
  if (example.found) meta.push(`<span>${esc(ui.example)}: ${inlineValue(example.value)}</span>`);
  const description = opts.description ?? (typeof s.description === 'string' ? s.description : undefined);
  const base = ctx.anchor ? fieldAnchor(name, ctx.anchor.base) : undefined;
  const id = base && ctx.anchor ? ctx.anchor.unique(base) : undefined;
  const nameHtml = id ? `<a class="api-field-link" href="#${esc(id)}"><code class="api-field-name">${esc(name)}</code></a>` : `<code class="api-field-name">${esc(name)}</code>`;
  // the head's and meta's items are flex items (spaces between them do not show), spaced
  // so that their text stays apart words for search and for copying
  const head = [
    nameHtml,
    `<span class="api-field-type">${esc(schema ? typeLabel(schema, ctx.names) : 'any')}</span>`,
    opts.note ? `<span class="api-field-note">${esc(opts.note)}</span>` : '',
    ...badges,
  ].filter(Boolean).join(' ');
  return [
    `<div class="api-field"${id ? ` id="${esc(id)}"` : ''}><div class="api-field-head">${head}</div>`,
    description ? `<div class="api-field-desc">${markdownToHtml(description, ctx.links)}</div>` : '',
    meta.length ? `<div class="api-field-meta">${meta.join(' ')}</div>` : '',
    schema ? renderNested(schema, nestedCtx(ctx, base), ancestors, depth) : '',
    '</div>',
  ].join('');
}

/** The children of a field: properties, array items, choices; or a circular note. */
function renderNested(schema: Schema, ctx: SchemaHtmlContext, ancestors: Set<object>, depth: number): string {
  if (ancestors.has(schema)) return circular(schema, ctx);
  if (depth >= MAX_DEPTH) return '';
  ancestors.add(schema);
  try {
    const s = mergeAllOf(schema);
    if (isSchema(s.items) && !hasChildren(s) && hasChildren(s.items)) {
      if (ancestors.has(s.items)) return circular(s.items, ctx);
      return expandable(wordsOf(ctx).showItemAttributes, renderSchemaBody(s.items, ctx, ancestors, depth + 1));
    }
    if (!hasChildren(s)) return '';
    return expandable(wordsOf(ctx).showChildAttributes, renderSchemaBody(s, ctx, ancestors, depth + 1));
  } finally {
    ancestors.delete(schema);
  }
}

function expandable(label: string, inner: string): string {
  return inner ? `<details class="api-expandable"><summary>${esc(label)}</summary><div class="api-fields">${inner}</div></details>` : '';
}

function hasChildren(s: Schema): boolean {
  const m = mergeAllOf(s);
  return (isSchema(m.properties) && Object.keys(m.properties).length > 0) || Array.isArray(m.oneOf) || Array.isArray(m.anyOf) || isSchema(m.additionalProperties);
}

/** The inside of an object schema: its properties, then its choices. Used for bodies too. */
export function renderSchemaBody(schema: Schema, ctx: SchemaHtmlContext, ancestors: Set<object> = new Set(), depth = 0): string {
  // The schema being listed counts as open, so a property pointing back to it is a cycle.
  if (ancestors.has(schema)) return renderSchemaBodyInner(schema, ctx, ancestors, depth);
  ancestors.add(schema);
  try {
    return renderSchemaBodyInner(schema, ctx, ancestors, depth);
  } finally {
    ancestors.delete(schema);
  }
}

function renderSchemaBodyInner(schema: Schema, ctx: SchemaHtmlContext, ancestors: Set<object>, depth: number): string {
  const s = mergeAllOf(schema);
  const required = new Set<string>(Array.isArray(s.required) ? s.required.map(String) : []);
  const parts: string[] = [];
  for (const [name, prop] of Object.entries<unknown>(isSchema(s.properties) ? s.properties : {})) {
    if (!isSchema(prop)) continue;
    if ((ctx.direction === 'request' && prop.readOnly === true) || (ctx.direction === 'response' && prop.writeOnly === true)) continue;
    parts.push(renderField(name, prop, ctx, { required: required.has(name) }, ancestors, depth));
  }
  if (isSchema(s.additionalProperties)) parts.push(renderField('{key}', s.additionalProperties, ctx, { note: 'additional properties' }, ancestors, depth));
  const options = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(options)) parts.push(renderChoices(s, options.filter(isSchema), ctx, ancestors, depth));
  return parts.join('');
}

function discriminatorValue(option: Schema, s: Schema, ctx: SchemaHtmlContext): string | undefined {
  const d = s.discriminator;
  if (!isSchema(d) || typeof d.propertyName !== 'string') return undefined;
  const name = ctx.names.get(option);
  if (isSchema(d.mapping) && name) {
    const hit = Object.entries<unknown>(d.mapping).find(([, ref]) => typeof ref === 'string' && (ref === name || ref.endsWith(`/${name}`)));
    if (hit) return hit[0];
  }
  const prop = objectAt(mergeAllOf(option).properties)[d.propertyName];
  if (isSchema(prop)) {
    if (prop.const !== undefined) return typeof prop.const === 'string' ? prop.const : JSON.stringify(prop.const);
    if (Array.isArray(prop.enum) && prop.enum.length === 1) return String(prop.enum[0]);
  }
  return name;
}

function renderChoices(s: Schema, options: Schema[], ctx: SchemaHtmlContext, ancestors: Set<object>, depth: number): string {
  const oneOf = Array.isArray(s.oneOf);
  const kind = oneOf ? wordsOf(ctx).oneOf : wordsOf(ctx).anyOf;
  const d = isSchema(s.discriminator) && typeof s.discriminator.propertyName === 'string' ? s.discriminator.propertyName : undefined;
  const segment = Array.isArray(s.oneOf) ? 'one-of' : 'any-of';
  const items = options.map((option, i) => {
    const base = ctx.anchor ? `${ctx.anchor.base}-${segment}-${i}` : undefined;
    const id = base && ctx.anchor ? ctx.anchor.unique(base) : undefined;
    const optionCtx = nestedCtx(ctx, base);
    const value = discriminatorValue(option, s, ctx);
    const title = option.title ?? ctx.names.get(option) ?? typeLabel(option, ctx.names);
    const label = `${esc(title)}${d && value !== undefined ? ` <span class="api-choice-when">${esc(d)} = <code>${esc(value)}</code></span>` : ''}`;
    let inner: string;
    if (ancestors.has(option)) inner = circular(option, ctx);
    else {
      ancestors.add(option);
      const description = typeof option.description === 'string' ? `<div class="api-field-desc">${markdownToHtml(option.description, ctx.links)}</div>` : '';
      inner = description + (hasChildren(option) ? renderSchemaBody(option, optionCtx, ancestors, depth + 1) : renderField('value', option, { ...optionCtx, anchor: undefined }, {}, ancestors, depth + 1));
      ancestors.delete(option);
    }
    return `<details class="api-choice"${id ? ` id="${esc(id)}"` : ''}${i === 0 ? ' open' : ''}><summary>${label}</summary><div class="api-fields">${inner}</div></details>`;
  });
  return `<div class="api-choices" data-kind="${oneOf ? 'oneOf' : 'anyOf'}"><div class="api-choices-label">${esc(kind)}${d ? ` (${esc(wordsOf(ctx).discriminator)} <code>${esc(d)}</code>)` : ''}</div>${items.join('')}</div>`;
}
