/**
 * Turns what an SDK throws after its own retries into the reason a job fails with.
 * Both SDKs share the same error shapes (status, connection error, user abort).
 */
import { UnrecoverableError } from '../../core/errors.js';

interface SdkErrorShape {
  status?: number;
  message?: string;
  name?: string;
}

export function providerFailure(error: unknown, provider: string, attempts: number, signal?: AbortSignal): Error {
  // An abort is ours (time limit, shutdown): surface the reason we aborted with.
  if (signal?.aborted) return signal.reason instanceof Error ? signal.reason : new UnrecoverableError(String(signal.reason));
  const shape = (error ?? {}) as SdkErrorShape;
  const detail = (shape.message ?? String(error)).slice(0, 300);
  if (typeof shape.status === 'number') {
    const transient = shape.status >= 500 || shape.status === 429 || shape.status === 408;
    const what = transient ? `after ${attempts} attempts` : '';
    return new UnrecoverableError(`Model provider (${provider}) answered HTTP ${shape.status} ${what}: ${detail}`.replace('  ', ' '), { cause: error });
  }
  return new UnrecoverableError(`Model provider (${provider}) unreachable after ${attempts} attempts: ${detail}`, { cause: error });
}
