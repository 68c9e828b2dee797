import type { Env } from '../../../env.ts';
import type { AdvisorProvider } from './provider.ts';
import { createBuiltinProvider } from './builtin-provider.ts';
import { createOpenAiProvider } from './openai-provider.ts';

/** The provider LLM_PROVIDER names; a half-configured `openai` stops the app at start with a clear message. */
export function createAdvisorProvider(
  env: Pick<Env, 'LLM_PROVIDER' | 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_MS'>,
  log?: (details: Record<string, unknown>, message: string) => void,
): AdvisorProvider {
  if (env.LLM_PROVIDER === 'builtin') return createBuiltinProvider();
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) {
    throw new Error('LLM_PROVIDER=openai needs LLM_BASE_URL (e.g. http://127.0.0.1:11434/v1) and LLM_MODEL.');
  }
  return createOpenAiProvider({
    baseUrl: env.LLM_BASE_URL,
    model: env.LLM_MODEL,
    apiKey: env.LLM_API_KEY,
    timeoutMs: env.LLM_TIMEOUT_MS,
    log,
  });
}
