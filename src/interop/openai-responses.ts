import { OPENAI_NAME_RULE } from './openai.js';
import type { Provider } from './provider.js';

/**
 * The OpenAI Responses API: a wire format of its own (flat function tools, `function_call_output` results), the
 * same function-name rule as Chat Completions, and the schema profiles of `openai` and `openai-strict`.
 */
export const OPENAI_RESPONSES_PROVIDER: Provider<'openai-responses'> = {
  id: 'openai-responses',
  names: OPENAI_NAME_RULE,
};
