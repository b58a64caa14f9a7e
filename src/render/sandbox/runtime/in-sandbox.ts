/**
 * The code that runs INSIDE the QuickJS sandbox, bundled with Preact and
 * preact-render-to-string by esbuild into one script (runtime-bundle.ts). It gives page
 * components what Mintlify's React scope gives them (React hooks as globals, `React`),
 * replaces the clock and the random source with fixed ones so a render is the same every
 * time, and exposes `__quire.define` (a compiled module) and `__quire.render` (one
 * component call: props as JSON in, HTML out). Slots stand for HTML that Quire rendered
 * itself (children, JSX literals): they come out as `<quire-slot data-slot="N">` and are
 * filled in after the component's HTML is sanitized. Quire's built-in components (`<Card>`,
 * `<Icon>`, `<Tabs>`) are globals that render a placeholder, `<quire-builtin data-name
 * data-props>` around their children; Quire renders those with its own renderers after
 * the sandbox returns (markdown/custom-component.ts).
 */
import { Fragment, createContext, createElement, h, isValidElement, type ComponentType } from 'preact';
import * as hooks from 'preact/hooks';
import { renderToString } from 'preact-render-to-string';
import { installWebGlobals } from './web-globals.js';

type Exports = Record<string, unknown>;
type Factory = (module: { exports: Exports }, exports: Exports, require: (spec: string) => unknown) => void;

const g = globalThis as Record<string, unknown>;
const React = { createElement, Fragment, createContext, ...hooks };
for (const [name, value] of Object.entries(hooks)) g[name] = value;
Object.assign(g, { React, __h: h, __Fragment: Fragment, createContext });

// No clock: `new Date()` and Date.now() are the epoch; no randomness: a fixed sequence.
const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(0);
    else super(...(args as [number]));
  }
  static override now(): number {
    return 0;
  }
}
g.Date = FixedDate;
let seed = 42;
Math.random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
// Timers never fire (only the first render is shown); console output goes nowhere.
const noop = () => 0;
Object.assign(g, { setTimeout: noop, clearTimeout: noop, setInterval: noop, clearInterval: noop, requestAnimationFrame: noop });
g.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop };
// Pure browser globals QuickJS lacks (btoa, TextEncoder, structuredClone...): web-globals.ts.
installWebGlobals(g);

const modules = new Map<string, Exports>();

function slot(n: number): unknown {
  return h("quire-slot", { "data-slot": String(n) });
}

/** JSON props with `{ __quireSlot: n }` standing for Quire-rendered HTML. */
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.__quireSlot === 'number') return slot(o.__quireSlot);
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(o)) out[k] = revive(o[k]);
    return out;
  }
  return value;
}

/**
 * A prop of a built-in as JSON: JSX (`title={<b>x</b>}`, a slot) becomes `{ __quireHtml }`;
 * functions and symbols are left out (nothing crosses the sandbox's edge but data), and
 * the path of each function left out goes to `dropped` so Quire can name it.
 */
function encode(value: unknown, path: string, dropped: string[]): unknown {
  if (isValidElement(value)) return { __quireHtml: renderToString(value) };
  if (Array.isArray(value)) return value.map((v, i) => encode(v, `${path}[${i}]`, dropped));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) out[k] = encode((value as Record<string, unknown>)[k], `${path}.${k}`, dropped);
    return out;
  }
  if (typeof value === 'function') dropped.push(path);
  return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
}

function builtin(name: string): ComponentType {
  const component = (props: Record<string, unknown>) => {
    const rest: Record<string, unknown> = {};
    const dropped: string[] = [];
    for (const k of Object.keys(props)) if (k !== 'children') rest[k] = encode(props[k], k, dropped);
    // A function as children (a render prop) is not called: Mintlify's built-ins render
    // their children as React nodes, and React draws nothing for a function there.
    let children = props.children;
    if (typeof children === 'function') {
      dropped.push('children');
      children = undefined;
    }
    if (dropped.length) rest.__quireDropped = dropped;
    return h('quire-builtin', { 'data-name': name, 'data-props': JSON.stringify(rest) }, children as never);
  };
  component.displayName = name;
  return component;
}

g.__quire = {
  /** Makes Quire's built-ins globals (`Card`, `Tree.Folder`), unless the global name is taken. */
  provide(names: string[]): void {
    // Plain names first: `Tree.Folder` hangs on the `Tree` component; `GitHub.Repo` on a plain object.
    for (const name of names) if (!name.includes('.') && !(name in g)) g[name] = builtin(name);
    for (const name of names) {
      const [head, member] = name.split('.');
      if (!member) continue;
      if (!(head in g)) g[head] = {};
      const owner = g[head] as Record<string, unknown>;
      if ((typeof owner === 'function' || (owner && typeof owner === 'object')) && !(member in owner)) owner[member] = builtin(name);
    }
  },
  /** Runs a compiled module; `imports` maps an import specifier to a defined module id. */
  define(id: string, imports: Record<string, string>, factory: Factory): void {
    const module = { exports: {} as Exports };
    const require = (spec: string): unknown => {
      if (spec === 'react' || spec === 'preact' || spec === 'preact/hooks') return { ...React, default: React };
      const target = imports[spec];
      return (target && modules.get(target)) || {};
    };
    modules.set(id, module.exports);
    factory(module, module.exports, require);
    modules.set(id, module.exports);
  },
  render(id: string, name: string, propsJson: string): string {
    const component = modules.get(id)?.[name];
    if (typeof component !== 'function') throw new TypeError(`${name} is not a component (exported value is ${typeof component})`);
    const props = revive(JSON.parse(propsJson)) as Record<string, unknown>;
    return renderToString(h(component as ComponentType, props));
  },
};
