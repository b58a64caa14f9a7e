/**
 * The style a theme gives a stack of TextMate scopes, as tokenizing with that theme
 * would give it. The one module that reaches below Shiki's documented API: it uses the
 * TextMate `Theme` that Shiki's own registry uses (exported by shiki/textmate), whose
 * `match()` takes a scope path of a class the package does not export, built here
 * with the two fields match() reads.
 *
 * Why not the public API: Shiki colours a block for two themes (codeToTokensWithThemes)
 * by running the grammar once per theme; dual-tokenize.ts runs it once and looks each
 * distinct scope stack up here for both themes, in less than half the time
 * (bench/highlight.ts). test/render/highlight/dual-tokenize.test.ts compares the result
 * with codeToTokensWithThemes for every supported language, so a change below shows there.
 */
import type { ThemeRegistrationResolved } from 'shiki/core';
import { Theme } from 'shiki/textmate';

/** The argument of Theme.match: the innermost scope, linked to its parents. */
type ScopePath = NonNullable<Parameters<Theme['match']>[0]>;

export interface ScopeStyle {
  /** `#RRGGBB` (or with alpha), as Shiki's tokens carry it; '' when the theme has none. */
  color: string;
  /** TextMate FontStyle bits: 1 italic, 2 bold, 4 underline, 8 strikethrough. */
  fontStyle: number;
}

/** A function from a scope stack (outermost first) to the style `theme` gives it. */
export function scopeStyler(theme: ThemeRegistrationResolved): (scopes: string[]) => ScopeStyle {
  const matcher = Theme.createFromRawTheme(theme);
  const colors = matcher.getColorMap();
  const defaults = matcher.getDefaults();
  return (scopes) => {
    let fg = defaults.foregroundId;
    let style = defaults.fontStyle;
    let path: { parent: ScopePath | null; scopeName: string } | null = null;
    for (const scopeName of scopes) {
      path = { parent: path as ScopePath | null, scopeName };
      // the rule of the deepest scope that has one wins, field by field, as in TextMate
      const m = matcher.match(path as ScopePath);
      if (m) {
        if (m.fontStyle !== -1) style = m.fontStyle;
        if (m.foregroundId !== 0) fg = m.foregroundId;
      }
    }
    return { color: colors[fg] ?? '', fontStyle: style === -1 ? 0 : style };
  };
}
