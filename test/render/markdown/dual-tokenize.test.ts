import { describe, expect, it } from 'vitest';
import { tokenizeDual } from '../../../src/render/highlight/dual-tokenize.js';
import { DARK_THEME, ensureLanguages, LIGHT_THEME } from '../../../src/render/highlight/highlighter.js';

const SAMPLES: [string, string][] = [
  ['typescript', "import { x } from './y';\nconst a: number = await x({ key: process.env.KEY!, n: 3 });\n// comment\nexport default a;"],
  ['shellscript', 'curl -X POST "$BASE/v1/jobs" \\\n  -H "Authorization: Bearer $KEY" \\\n  -d \'{"a": 1}\''],
  ['json', '{\n  "jobId": "se_1",\n  "n": [1, true, null]\n}'],
  ['python', 'import os\nwhile True:\n    r = get(f"{BASE}/x", headers={"a": os.environ["K"]})\n    break  # done'],
  ['go', 'package x\n\nfunc F(a string) error {\n\treturn nil\n}'],
];

/** Per non-space character, its colour. */
function colours(lines: { content: string; color?: string }[][]): string {
  return lines.map((l) => l.flatMap((t) => [...t.content].map((c) => (/\s/.test(c) ? '_' : (t.color ?? '').toUpperCase()))).join('|')).join('\n');
}

describe('tokenizeDual', () => {
  // The reference is shiki's single-theme tokenization, run once per theme.
  it('colours every token as shiki does in each theme, with one grammar pass', async () => {
    const h = await ensureLanguages(SAMPLES.map(([l]) => l));
    for (const [lang, code] of SAMPLES) {
      const mine = tokenizeDual(h, code, lang, LIGHT_THEME, DARK_THEME);
      expect(mine.map((l) => l.map((t) => t.content).join('')).join('\n')).toBe(code);
      for (const [theme, key] of [[LIGHT_THEME, 'light'], [DARK_THEME, 'dark']] as const) {
        const ref = h.codeToTokensBase(code, { lang, theme, tokenizeTimeLimit: 0 });
        expect(colours(mine.map((l) => l.map((t) => ({ content: t.content, color: t[key] })))), `${lang} ${theme}`).toBe(colours(ref));
      }
    }
  });
});
