/**
 * The nav model of a versioned, multilingual site: previous/next stays inside one
 * language and one version, a page outside the navigation belongs to the language
 * its path names, and switchers lead to the same page in the other language/version.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { equivalentPage, neighbours, pageLanguage, pageScope } from '../../../src/render/layout/nav-scope.js';
import { sectionChain } from '../../../src/render/layout/nav-tree.js';
import { planSite, type SitePlan } from '../../../src/render/output/plan-site.js';
import type { NavSection } from '../../../src/render/types.js';
import { FIXTURES } from '../site/make-site.js';

let plan: SitePlan;
const site = () => ({ order: plan.order, index: new Map(plan.order.map((p, i) => [p, i])) });
const chainOf = (page: string) => sectionChain(plan.navigation, page).chain;
const near = (page: string) => neighbours(page, chainOf(page), plan.pages, site());

beforeAll(async () => {
  plan = await planSite(join(FIXTURES, 'multilingual'), 'cloud');
});

describe('nav scope of a versioned, multilingual site', () => {
  it('keeps previous/next inside one language and one version', () => {
    // The whole-site order runs from English v1 straight into French: the scoped pager does not.
    const i = plan.order.indexOf('v1/quickstart');
    expect(plan.order[i + 1]).toBe('fr/index');
    expect(near('v1/quickstart')).toEqual({ prev: 'v1/index', next: undefined });
    expect(near('guides/deploy')).toEqual({ prev: 'quickstart', next: undefined });
    expect(near('v1/index')).toEqual({ prev: undefined, next: 'v1/quickstart' });
    expect(near('fr/index')).toEqual({ prev: undefined, next: 'fr/quickstart' });
    expect(near('fr/v1/quickstart')).toEqual({ prev: 'fr/v1/index', next: undefined });
    expect(near('jp/index')).toEqual({ prev: undefined, next: 'jp/quickstart' });
  });

  it('finds the language and version of pages in and outside the navigation', () => {
    const labels = (page: string) => chainOf(page).map((s: NavSection) => `${s.kind}:${s.label}`);
    expect(labels('fr/v1/index')).toEqual(['language:fr', 'version:v1']);
    expect(pageScope(chainOf('fr/v1/index'))?.label).toBe('v1');
    expect(pageLanguage(chainOf('jp/quickstart'))?.label).toBe('jp');
    // Outside the navigation: `fr/support` is French (v2, whose pages share its folder), `support` the default language.
    expect(labels('fr/support')).toEqual(['language:fr', 'version:v2']);
    expect(labels('support')).toEqual(['language:en', 'version:v2']);
  });

  it('leads a switcher to the same page in the other language or version when there is one', () => {
    const [en, fr, jp] = plan.navigation.sections;
    const [frV2, frV1] = fr.sections;
    expect(equivalentPage('fr/quickstart', fr, en, plan.pages)).toBe('quickstart');
    expect(equivalentPage('fr/v1/quickstart', fr, en, plan.pages)).toBe('v1/quickstart');
    expect(equivalentPage('quickstart', en, fr, plan.pages)).toBe('fr/quickstart');
    expect(equivalentPage('fr/quickstart', fr, jp, plan.pages)).toBe('jp/quickstart');
    expect(equivalentPage('fr/guides/deploy', fr, jp, plan.pages)).toBeUndefined();
    expect(equivalentPage('fr/quickstart', frV2, frV1, plan.pages)).toBe('fr/v1/quickstart');
    expect(equivalentPage('fr/v1/index', frV1, frV2, plan.pages)).toBe('fr/index');
  });
});
