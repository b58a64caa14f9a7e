/**
 * Decides how the "Try it" playground appears: `interactive` (the form), `simple` (the
 * request URL only) or `none`, from `api.playground.display` and the deployment.
 *
 * Air-gapped deployments keep the interactive playground only when docs.json enables it
 * explicitly, because it sends requests from the reader's browser to the API:
 * `"api": { "playground": { "airGapped": true } }` (normalised by the config reader as
 * `api.playground.enabledInAirGapped`).
 */
import type { Deployment, SiteConfig } from '../types.js';
import { objectAt } from './schema-utils.js';
import type { FeatureState } from './types.js';

export type PlaygroundMode = 'interactive' | 'simple' | 'none';

function airGappedOptIn(config: SiteConfig): boolean {
  if (config.api?.playground?.enabledInAirGapped === true) return true;
  const raw = objectAt(objectAt(config.raw?.api).playground);
  return raw.airGapped === true || raw.enabledInAirGapped === true;
}

export function playgroundMode(config: SiteConfig, deployment: Deployment): { mode: PlaygroundMode; feature: FeatureState } {
  const display = config.api?.playground?.display ?? 'interactive';
  if (display === 'none') return { mode: 'none', feature: { included: false, reason: 'api.playground.display is "none"' } };
  if (display === 'simple') return { mode: 'simple', feature: { included: false, reason: 'api.playground.display is "simple": request URLs shown without the interactive playground' } };
  if (deployment === 'air-gapped' && !airGappedOptIn(config)) {
    return {
      mode: 'simple',
      feature: { included: false, reason: 'air-gapped deployment: the playground sends requests from the browser to the API; set "api": {"playground": {"enabledInAirGapped": true}} in docs.json to include it when the API is reachable inside the isolated network' },
    };
  }
  return { mode: 'interactive', feature: { included: true } };
}
