/** Picks the forge driver named by the configuration. */
import { createGitForge } from './git.js';
import { createGitHubForge } from './github.js';
import type { Forge, ForgeConfig } from './types.js';

export function createForge(config: ForgeConfig): Forge {
  return config.kind === 'github' ? createGitHubForge(config) : createGitForge(config);
}
