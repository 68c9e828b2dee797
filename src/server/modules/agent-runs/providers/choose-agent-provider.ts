import type { Env } from '../../../env.ts';
import type { AgentProvider } from './agent-provider.ts';
import { createBuiltinAgentProvider } from './builtin-agent-provider.ts';
import { createOpenAiAgentProvider } from './openai-agent-provider.ts';

/** The agents' provider, chosen by LLM_PROVIDER like the advisor's; a half-configured `openai` stops the app at start. */
export function createAgentProvider(
  env: Pick<Env, 'LLM_PROVIDER' | 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'LLM_TIMEOUT_MS' | 'DRAFT_THREAD'>,
  warn?: (details: object, message: string) => void,
): AgentProvider {
  if (env.LLM_PROVIDER === 'builtin') return createBuiltinAgentProvider({ offThread: env.DRAFT_THREAD });
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) {
    throw new Error('LLM_PROVIDER=openai needs LLM_BASE_URL (e.g. http://127.0.0.1:11434/v1) and LLM_MODEL.');
  }
  return createOpenAiAgentProvider({
    baseUrl: env.LLM_BASE_URL,
    model: env.LLM_MODEL,
    apiKey: env.LLM_API_KEY,
    // Drafts are long: give the model four times the advisor's answer time.
    timeoutMs: env.LLM_TIMEOUT_MS * 4,
    log: warn,
  });
}
