/**
 * The layers of the service import downwards only: features -> api -> agent -> core ->
 * git, and no folder among them imports one that imports it back. A new import that
 * closes a cycle (the core reaching into the agent, the agent into the API) fails here,
 * naming the files on each side.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
/** The folders that must form a layering (no cycle between any two of them). */
const LAYERED = ['features', 'api', 'agent', 'core', 'git'];

/** Every relative import in src/ (static, re-export, type-only and dynamic), as folder edges with the file pairs behind them. */
function folderImports(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const from = file.split('/')[0];
    const { importedFiles } = ts.preProcessFile(readFileSync(join(SRC, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(SRC, resolve(SRC, dirname(file), fileName));
      const to = target.includes('/') ? target.split('/')[0] : '(root)';
      if (to === from) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${file} imports ${target}`]);
    }
  }
  return edges;
}

/** Cycles among `nodes` in the edge set, each as the folder path that closes it. */
function cyclesAmong(nodes: string[], edges: Map<string, string[]>): string[][] {
  const next = (n: string) => nodes.filter((m) => edges.has(`${n} -> ${m}`));
  const cycles: string[][] = [];
  const walk = (path: string[]) => {
    for (const m of next(path.at(-1)!)) {
      if (m === path[0]) cycles.push([...path, m]);
      else if (!path.includes(m) && m > path[0]) walk([...path, m]);
    }
  };
  for (const n of nodes) walk([n]);
  return cycles;
}

it('finds the imports it checks (the scan is not empty)', () => {
  const edges = folderImports();
  expect(edges.get('api -> core')?.length).toBeGreaterThan(0);
  expect(edges.get('features -> agent')?.length).toBeGreaterThan(0);
  expect(cyclesAmong(['a', 'b'], new Map([['a -> b', []], ['b -> a', []]]))).toEqual([['a', 'b', 'a']]);
});

it('has no import cycle between features, api, agent, core and git', () => {
  const edges = folderImports();
  const report = cyclesAmong(LAYERED, edges).map((cycle) =>
    cycle
      .slice(1)
      .map((to, i) => `${cycle[i]} -> ${to}: ${edges.get(`${cycle[i]} -> ${to}`)!.join(', ')}`)
      .join('\n'),
  );
  expect(report).toEqual([]);
});

it('keeps git below everything, the features above the API, the agent and the core, and the service (src/*.ts) above all', () => {
  const edges = folderImports();
  const forbidden = [...edges.keys()].filter(
    (edge) => /^git -> /.test(edge) || /^(api|agent|core|git) -> features$/.test(edge) || /^(features|api|agent|core|git) -> \(root\)$/.test(edge),
  );
  expect(forbidden.map((edge) => `${edge}: ${edges.get(edge)!.join(', ')}`)).toEqual([]);
});
