/**
 * Picks the model provider driver named by the configuration. Drivers are loaded on
 * demand, so commands that never talk to a model do not pay for loading the SDKs.
 */
import type { ModelProvider, ProviderConfig } from './types.js';

export async function createModelProvider(config: ProviderConfig): Promise<ModelProvider> {
  switch (config.protocol) {
    case 'openai':
      return (await import('./openai.js')).createOpenAiProvider(config);
    case 'anthropic':
      return (await import('./anthropic.js')).createAnthropicProvider(config);
  }
}
