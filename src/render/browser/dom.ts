/** Small DOM helpers the site script's parts share. */

/** The elements under `root` (the document by default) that match `selector`, as an array. */
export function all<E extends Element = HTMLElement>(selector: string, root: ParentNode = document): E[] {
  return Array.from(root.querySelectorAll<E>(selector));
}

/** Adds a listener when the element exists (pages carry only the parts they use). */
export function on<K extends keyof HTMLElementEventMap>(el: EventTarget | null | undefined, type: K, fn: (e: HTMLElementEventMap[K]) => void): void {
  if (el) el.addEventListener(type, fn as EventListener);
}

/** Runs `fn` once the document is parsed (at once when it already is). */
export function ready(fn: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fn);
  else fn();
}

/** A value kept in localStorage, or null where storage is refused (private modes, sandboxed frames). */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (private modes, sandboxed frames): nothing remembered
  }
}

/** Keeps a value in localStorage; where storage is refused or full it is only not remembered. */
export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // nothing to do: the page works the same, the choice lasts until it is left
  }
}

let uiData: Record<string, unknown> | undefined;

/**
 * An interface word in the page's language: pages not in English carry their words as
 * data (`#quire-ui`, written by layout/ui-strings.ts); English pages use `fallback`.
 */
export function ui(key: string, fallback: string): string {
  if (uiData === undefined) {
    try {
      uiData = JSON.parse(document.getElementById('quire-ui')?.textContent || '{}') as Record<string, unknown>;
    } catch {
      uiData = {}; // written by the exporter; a page edited by hand keeps the English words
    }
  }
  const v = uiData[key];
  return typeof v === 'string' ? v : fallback;
}
