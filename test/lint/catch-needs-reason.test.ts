/**
 * The local lint rule that keeps errors from being dropped silently: a catch without a
 * binding, an empty one, or a `.catch(() => ...)` passes only with a comment saying why.
 */
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain JavaScript module (the ESLint config loads it); its shape is checked below by use
import catchNeedsReason from '../../eslint-rules/catch-needs-reason.js';

const linter = new Linter({ configType: 'flat' });
const config = [{ plugins: { quire: { rules: { 'catch-needs-reason': catchNeedsReason as never } } }, rules: { 'quire/catch-needs-reason': 'error' as const } }];
const problems = (code: string) => linter.verify(code, config).map((m) => `${m.line}: ${m.ruleId}`);

describe('quire/catch-needs-reason', () => {
  it('refuses a catch that drops its error without a comment', () => {
    expect(problems('try { f(); } catch {}')).toEqual(['1: quire/catch-needs-reason']);
    expect(problems('try { f(); } catch { g(); }')).toEqual(['1: quire/catch-needs-reason']);
    expect(problems('try { f(); } catch (err) {}')).toEqual(['1: quire/catch-needs-reason']);
    expect(problems('try { f(); } catch (_err) { g(); }')).toEqual(['1: quire/catch-needs-reason']);
    expect(problems('p.catch(() => null);')).toEqual(['1: quire/catch-needs-reason']);
    expect(problems('p.catch((_e) => {});')).toEqual(['1: quire/catch-needs-reason']);
  });

  it('lets a catch pass that uses its error or says why it goes on', () => {
    expect(problems('try { f(); } catch (err) { log(err); }')).toEqual([]);
    expect(problems('try { f(); } catch {\n  g(); // the file may be gone already\n}')).toEqual([]);
    expect(problems('try { f(); } catch {\n  // not JSON: the raw text is used\n}')).toEqual([]);
    expect(problems('p.catch(() => null); // absent: the default applies')).toEqual([]);
    expect(problems('// absent: the default applies\nconst x = p.catch(() => null);')).toEqual([]);
    expect(problems('p.catch((err) => note("x", err));')).toEqual([]);
  });
});
