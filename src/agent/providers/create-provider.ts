/** Picks the model provider driver named by the configuration. */
import { createAnthropicProvider } from './anthropic.js';
import { createOpenAiProvider } from './openai.js';
import type { ModelProvider, ProviderConfig } from './types.js';

export function createModelProvider(config: ProviderConfig): ModelProvider {
  switch (config.protocol) {
    case 'openai':
      return createOpenAiProvider(config);
    case 'anthropic':
      return createAnthropicProvider(config);
  }
}
