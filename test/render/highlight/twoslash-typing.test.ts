/**
 * Twoslash blocks typed without the DOM's libraries when that gives what they would
 * (twoslash-typing.ts): the same data as with them for blocks that name nothing of the DOM's,
 * and every block that could see a difference typed with them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TS from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { domLibrariesLoaded, MERGED_WITH_DOM, releaseTypeScript, typeTwoslash, type TwoslashExtension, type TypedBlock } from '../../../src/render/highlight/twoslash-typing.js';

const require = createRequire(import.meta.url);

/** The data of a typed block (the test fails if it was not typed). */
function data(typed: TypedBlock) {
  if (!('ok' in typed) || !typed.ok) throw new Error(`not typed: ${JSON.stringify(typed)}`);
  return typed.data;
}

/** The hover and query texts of a typed block. */
function texts(typed: TypedBlock): string[] {
  return data(typed).nodes.flatMap((n) => ('text' in n && typeof n.text === 'string' && (n.type === 'hover' || n.type === 'query') ? [n.text] : []));
}

/** Types `code` as the export does (a fresh TypeScript), and again with the DOM's libraries forced. */
function typedBothWays(code: string, extension: TwoslashExtension) {
  releaseTypeScript();
  const auto = typeTwoslash(code, extension);
  const withDom = domLibrariesLoaded();
  releaseTypeScript();
  const full = typeTwoslash(code, extension, 'full');
  return { auto, full, withDom };
}

describe('Twoslash without the DOM libraries', () => {
  afterEach(() => releaseTypeScript());

  it('types blocks that name nothing of the DOM as the DOM libraries would, without them', () => {
    const blocks = [
      // Mintlify's create/code.mdx example
      'type Pet = "cat" | "dog" | "hamster";\n\nfunction adoptPet(name: string, type: Pet) {\n  return `${name} the ${type} is now adopted!`;\n}\n\n// Hover to see the inferred types\nconst message = adoptPet("Mintie", "cat");\n//    ^?\n',
      // a package the virtual file system does not hold (0xsequence's examples): TS2307 only
      'import { sequence } from "0xsequence";\nconst api = new sequence.api.Client("https://api.example");\nconst { isValid } = await api.check({ chainId: 1 });\n',
      // ECMAScript's newer globals
      'const last = [1, 2, 3].at(-1);\nconst p = Promise.withResolvers<number>();\nconst groups = Object.groupBy([1, 2], (x) => (x > 1 ? "big" : "small"));\n//    ^?\nconst it = Symbol.asyncIterator;\n',
    ];
    for (const code of blocks) {
      const { auto, full, withDom } = typedBothWays(code, 'ts');
      expect(withDom, code).toBe(false);
      expect(auto, code).toEqual(full);
    }
    const { auto } = typedBothWays(blocks[2], 'ts');
    expect(texts(auto)).toContain('const groups: Partial<Record<"big" | "small", number[]>>');
  });

  it('types again with the DOM libraries a block naming a DOM global the routing does not list', () => {
    const { auto, full, withDom } = typedBothWays('const observer = new IntersectionObserver(() => {});\n//    ^?\n', 'ts');
    expect(withDom).toBe(true);
    expect(auto).toEqual(full);
    expect(texts(auto)).toContain('const observer: IntersectionObserver');
    expect(data(auto).nodes.filter((n) => n.type === 'error')).toEqual([]);
  });

  it('types with the DOM libraries what they change without an error to show it', () => {
    const cases: [string, TwoslashExtension, string][] = [
      // lib.scripthost.d.ts adds getVarDate to ECMAScript's Date
      ['type K = Extract<keyof Date, "getVarDate">;\n//   ^?\n', 'ts', 'type K = "getVarDate"'],
      // a silenced error: without the DOM libraries the name would be `any`, with no error to see
      ['// @ts-ignore\nconst observer = new ResizeObserver(() => {});\n//    ^?\n', 'ts', 'const observer: ResizeObserver'],
      // a JavaScript file is not checked: an unknown name is no error there
      ['const observer = new ResizeObserver(() => {});\n//    ^?\n', 'js', 'const observer: ResizeObserver'],
      // lib.dom.d.ts adds url to ECMAScript's ImportMeta
      ['const meta = import.meta;\ntype U = Extract<keyof typeof meta, "url">;\n//   ^?\n', 'ts', 'type U = "url"'],
    ];
    for (const [code, extension, shown] of cases) {
      const { auto, full, withDom } = typedBothWays(code, extension);
      expect(withDom, code).toBe(true);
      expect(auto, code).toEqual(full);
      expect(texts(auto), code).toContain(shown);
    }
  });

  it('keeps typing with the DOM libraries once they are loaded', () => {
    releaseTypeScript();
    typeTwoslash('const t = document.title;\n', 'ts');
    expect(domLibrariesLoaded()).toBe(true);
    const after = typeTwoslash('const n: number = 1;\n', 'ts');
    expect(domLibrariesLoaded()).toBe(true);
    expect(texts(after)).toContain('const n: number');
  });

  it('lists every name the ECMAScript and DOM libraries both declare', () => {
    const ts = require('typescript') as typeof TS;
    const dir = dirname(require.resolve('typescript'));
    const declared = (file: string) => {
      const source = ts.createSourceFile(file, readFileSync(join(dir, file), 'utf8'), ts.ScriptTarget.ESNext);
      return source.statements.flatMap((s) => {
        if (ts.isVariableStatement(s)) return s.declarationList.declarations.map((d) => d.name.getText(source));
        const name = (s as { name?: TS.Identifier }).name;
        return name ? [name.text] : [];
      });
    };
    // What lib.esnext.full.d.ts adds to lib.esnext.d.ts.
    const full = readFileSync(join(dir, 'lib.esnext.full.d.ts'), 'utf8');
    const domLibs = [...full.matchAll(/reference lib="([^"]+)"/g)].map((m) => m[1]).filter((l) => l !== 'esnext');
    expect(domLibs).toContain('dom');
    const dom = new Set(domLibs.flatMap((l) => declared(`lib.${l}.d.ts`)));
    const es = new Set(readdirSync(dir).filter((f) => /^lib\.es[\w.]*\.d\.ts$/.test(f)).flatMap(declared));
    expect([...dom].filter((n) => es.has(n)).sort()).toEqual([...MERGED_WITH_DOM].sort());
  });
});
