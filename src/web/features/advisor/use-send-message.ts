import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth.tsx';
import { writeStorage } from '../../lib/storage.ts';
import { ADVISOR_COPY } from './advisor-copy.ts';
import { askAdvisor } from './api/ask-advisor.ts';
import { SUGGESTION_ACTIONS, addChatMessage, getChatState, newMessageId, updateChat } from './chat-store.ts';

const MODE = 'general';

/** The server's own words when it gave any (a field problem first), else the spec's fallback. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.issues[0]?.message ?? error.message;
  return ADVISOR_COPY.errorFallback;
}

function fail(description: string) {
  toast({ title: ADVISOR_COPY.errorTitle, description, variant: 'destructive' });
  addChatMessage({
    id: newMessageId(),
    content: ADVISOR_COPY.apology,
    isUser: false,
    timestamp: new Date().toISOString(),
    actions: [],
    isError: true,
  });
}

/**
 * Sends one message (product.md §4 Chat, §5): ignored when blank or while a reply is pending; the message
 * appears, 'Thinking...' runs, then the reply or the error toast plus the in-chat apology.
 */
export function useSendMessage(): (text: string) => Promise<boolean> {
  const { user } = useAuth();
  const { pathname } = useLocation();
  return useCallback(
    async (text: string) => {
      const { isBusy, context } = getChatState();
      if (isBusy || text.trim() === '') return false;
      addChatMessage({ id: newMessageId(), content: text, isUser: true, timestamp: new Date().toISOString(), actions: [] });
      updateChat({ isBusy: true });
      try {
        const response = await askAdvisor({
          message: text,
          mode: MODE,
          context: {
            userInfo: user ? { id: user.id, ...(user.email ? { email: user.email } : {}) } : null,
            mode: MODE,
            portalContext: pathname,
            additionalContext: context.slice(0, 2000),
            timestamp: new Date().toISOString(),
          },
        });
        if (!response.success) {
          fail(response.error ?? ADVISOR_COPY.errorFallback);
          return true;
        }
        if (response.suggestion)
          writeStorage(STORAGE_KEYS.aiTaskSuggestion, JSON.stringify({ ...response.suggestion, question: text, mode: MODE }));
        addChatMessage({
          id: response.messageId ?? newMessageId(),
          content: response.message,
          isUser: false,
          timestamp: new Date().toISOString(),
          actions: response.suggestion ? SUGGESTION_ACTIONS : [],
          suggestion: response.suggestion,
          question: text,
          mode: MODE,
        });
      } catch (error) {
        fail(failureMessage(error));
      } finally {
        updateChat({ isBusy: false });
      }
      return true;
    },
    [user, pathname],
  );
}
