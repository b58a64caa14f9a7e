/** Picks the forge driver named by the configuration (the GitHub SDK is loaded on demand). */
import { createGitForge } from './git.js';
import type { Forge, ForgeConfig } from './types.js';

export async function createForge(config: ForgeConfig): Promise<Forge> {
  return config.kind === 'github' ? (await import('./github.js')).createGitHubForge(config) : createGitForge(config);
}
