/**
 * `DOMException` inside the sandbox, for the errors of the browser globals of
 * web-globals.ts: an Error with the WebIDL name and legacy code, so a component that
 * checks `e.name === 'InvalidCharacterError'` behaves as in a browser.
 */

/** The legacy codes of the names thrown here (WebIDL's table). */
const CODES: Record<string, number> = { InvalidCharacterError: 5, DataCloneError: 25 };

export class DOMException extends Error {
  readonly code: number;
  constructor(message = '', name = 'Error') {
    super(String(message));
    // An own data property: QuickJS's dump of a thrown value (the host's error report) reads it.
    Object.defineProperty(this, 'name', { value: String(name), configurable: true, writable: true });
    this.code = CODES[String(name)] ?? 0;
  }
}
