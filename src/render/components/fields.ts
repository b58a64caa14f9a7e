/**
 * ParamField and ResponseField: an API parameter or response property with its name,
 * location, type, required/deprecated badges, default value and description. Each gets
 * an anchor id so it can be linked: `param-<name in kebab case>` for both, as Mintlify
 * (see fieldAnchor), unique on the page like heading ids.
 */
import { attrs, escapeHtml } from '../markdown/escape.js';
import { fieldAnchor } from '../markdown/slugger.js';
import type { ComponentDefinition, JsxElement, Props, RenderApi } from './types.js';

const LOCATIONS = ['path', 'query', 'body', 'header', 'cookie'] as const;

function fmt(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v) ?? '';
}

function field(el: JsxElement, r: RenderApi, p: Props, kind: 'param' | 'response', name: string, location?: string): string {
  const id = r.slug(fieldAnchor(name));
  const badges = [
    location ? `<span class="q-field-location">${escapeHtml(location)}</span>` : '',
    p.type !== undefined ? `<span class="q-field-type">${escapeHtml(fmt(p.type))}</span>` : '',
    p.required === true ? '<span class="q-field-required">required</span>' : '',
    p.deprecated === true ? '<span class="q-field-deprecated">deprecated</span>' : '',
    p.default !== undefined ? `<span class="q-field-default">default: <code>${escapeHtml(fmt(p.default))}</code></span>` : '',
  ].join('');
  return (
    `<div${attrs({ class: `q-field field q-${kind}-field`, [`data-${kind}-field`]: '', id })}>` +
    `<div class="q-field-head"><a class="q-field-name" href="#${escapeHtml(id)}"><code>${escapeHtml(name)}</code></a>${badges}</div>` +
    `<div class="q-field-body">${r.children(el)}</div></div>`
  );
}

export const ParamField: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    const location = LOCATIONS.find((l) => typeof p[l] === 'string');
    const name = location ? String(p[location]) : typeof p.name === 'string' ? p.name : 'parameter';
    return field(el, r, p, 'param', name, location);
  },
};

export const ResponseField: ComponentDefinition = {
  block: true,
  render(el, r) {
    const p = r.props(el);
    return field(el, r, p, 'response', typeof p.name === 'string' ? p.name : 'field');
  },
};
