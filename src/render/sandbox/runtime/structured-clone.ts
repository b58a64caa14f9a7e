/**
 * `structuredClone` inside the sandbox, after the HTML standard's StructuredSerialize and
 * StructuredDeserialize in one pass: primitives, boxed primitives, dates, regular
 * expressions, array buffers and their views, maps, sets, errors (DOMException too),
 * arrays and plain objects (own enumerable string keys, getters read, prototype dropped),
 * with shared and cyclic references kept. Functions, symbols and objects with internal
 * state the standard does not list (weak collections, promises, iterators) throw a
 * DataCloneError. `transfer` is refused: QuickJS gives JS no way to detach a buffer.
 */
import { DOMException } from './dom-exception.js';

type Obj = Record<string, unknown>;

const ERROR_TYPES: Record<string, ErrorConstructor> = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
// Built-in iterators and generators hold internal slots; %IteratorPrototype% is on all their chains.
const ITERATOR_PROTOTYPE = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object;
const NOT_CLONEABLE = [WeakMap, WeakSet, WeakRef, FinalizationRegistry, Promise, SharedArrayBuffer] as const;

function fail(what: string): never {
  throw new DOMException(`Failed to execute 'structuredClone': ${what} could not be cloned.`, 'DataCloneError');
}

export function structuredClone<T>(value: T, options?: { transfer?: unknown[] }): T {
  if (arguments.length < 1) throw new TypeError("Failed to execute 'structuredClone': 1 argument required, but only 0 present.");
  if (options?.transfer && [...options.transfer].length > 0) fail('a transfer list');
  // Each object cloned once: shared references stay shared, cycles end.
  const memory = new Map<object, unknown>();

  const clone = (v: unknown): unknown => {
    if (typeof v === 'symbol') fail(String(v));
    if (typeof v === 'function') fail(v.name ? `function ${v.name}` : 'a function');
    if (v === null || typeof v !== 'object') return v;
    if (memory.has(v)) return memory.get(v);
    const keep = <U>(copy: U): U => {
      memory.set(v, copy);
      return copy;
    };
    if (v instanceof Boolean || v instanceof Number || v instanceof String || v instanceof BigInt) return keep(Object(v.valueOf()));
    // The global Date is the sandbox's fixed clock; a clone of a date is one of its dates.
    if (v instanceof Date) return keep(new (globalThis.Date)(v.getTime()));
    if (v instanceof RegExp) return keep(new RegExp(v.source, v.flags));
    if (v instanceof ArrayBuffer) return keep(v.slice(0));
    if (ArrayBuffer.isView(v)) {
      // The view's buffer is cloned as its own entry, so two views of one buffer still share it.
      const buffer = clone(v.buffer) as ArrayBuffer;
      const type = Object.prototype.toString.call(v).slice(8, -1);
      const Ctor = (globalThis as unknown as Record<string, new (b: ArrayBuffer, offset: number, length: number) => ArrayBufferView>)[type];
      return keep(new Ctor(buffer, v.byteOffset, v instanceof DataView ? v.byteLength : (v as unknown as { length: number }).length));
    }
    if (v instanceof Map) {
      const copy = keep(new Map());
      for (const [k, val] of [...v]) copy.set(clone(k), clone(val));
      return copy;
    }
    if (v instanceof Set) {
      const copy = keep(new Set());
      for (const item of [...v]) copy.add(clone(item));
      return copy;
    }
    if (v instanceof Error) {
      const message = Object.getOwnPropertyDescriptor(v, 'message');
      const text = message && 'value' in message ? String(message.value) : undefined;
      const Ctor = Object.prototype.hasOwnProperty.call(ERROR_TYPES, v.name) ? ERROR_TYPES[v.name] : Error;
      const copy = keep(v instanceof DOMException ? new DOMException(text, v.name) : text === undefined ? new Ctor() : new Ctor(text));
      const stack = Object.getOwnPropertyDescriptor(v, 'stack');
      if (stack && typeof stack.value === 'string') Object.defineProperty(copy, 'stack', { value: stack.value, writable: true, configurable: true });
      return copy;
    }
    for (const Type of NOT_CLONEABLE) if (v instanceof Type) fail(`#<${Type.name}>`);
    if (Object.prototype.isPrototypeOf.call(ITERATOR_PROTOTYPE, v)) fail(`#<${Object.prototype.toString.call(v).slice(8, -1)}>`);
    const copy = keep(Array.isArray(v) ? new Array<unknown>(v.length) : {}) as Obj;
    for (const key of Object.keys(v)) {
      // A getter may delete a later key: only the keys still there are read, as the standard says.
      if (Object.prototype.hasOwnProperty.call(v, key)) copy[key] = clone((v as Obj)[key]);
    }
    return copy;
  };
  return clone(value) as T;
}
