import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../auth/auth.tsx';
import { ADVISOR_COPY } from './advisor-copy.ts';
import { generateWorkflow } from './api/generate-workflow.ts';
import { createPlanFromSuggestion } from './api/create-plan.ts';
import { type ChatActionKind, type ChatMessage, updateChat } from './chat-store.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';

function noSubscription() {
  toast({ title: ADVISOR_COPY.noSubscriptionTitle, description: ADVISOR_COPY.noSubscriptionDescription, variant: 'destructive' });
}

/** 'Use plan' and 'Generate workflow' on a suggestion (product.md §8 for every outcome's words). */
export function useSuggestionActions(): { run: (action: ChatActionKind, message: ChatMessage) => Promise<void>; pending: string | null } {
  // The server decides whether there is a subscription: the one cached at sign-in may be stale.
  const { user } = useAuth();
  const routerNavigate = useNavigate();
  // Whenever an action takes the user to another page, the panel minimizes so it does not cover the
  // page it just opened; the conversation is kept and the dock reopens it.
  const navigate = useCallback(
    async (to: string) => {
      updateChat({ isOpen: false, isExpanded: false });
      await routerNavigate(to);
    },
    [routerNavigate],
  );
  const [pending, setPending] = useState<string | null>(null);

  const keepPlan = useCallback(
    async (message: ChatMessage) => {
      const suggestion = message.suggestion;
      if (!suggestion) return;
      if (!user) {
        void navigate('/auth');
        return;
      }
      try {
        const plan = await createPlanFromSuggestion({
          ...suggestion,
          source_mode: message.mode ?? 'general',
          raw_message: message.question ?? '',
        });
        void navigate(workspaceHref.plan(plan.id));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'NO_SUBSCRIPTION') noSubscription();
        else if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') void navigate('/auth');
        else toast({ title: ADVISOR_COPY.planFailed, variant: 'destructive' });
      }
    },
    [user, navigate],
  );

  const makeWorkflow = useCallback(
    async (message: ChatMessage) => {
      const suggestion = message.suggestion;
      if (!suggestion) return;
      if (!user) {
        void navigate('/auth');
        return;
      }
      try {
        const workflow = await generateWorkflow(suggestion);
        toast({ title: ADVISOR_COPY.workflowCreatedTitle, description: ADVISOR_COPY.workflowCreatedDescription, variant: 'success' });
        void navigate(workspaceHref.workflowBuilder({ templateId: workflow.id }));
      } catch {
        toast({ title: ADVISOR_COPY.workflowFailed, variant: 'destructive' });
      }
    },
    [user, navigate],
  );

  const run = useCallback(
    async (action: ChatActionKind, message: ChatMessage) => {
      setPending(`${message.id}:${action}`);
      try {
        await (action === 'use-plan' ? keepPlan(message) : makeWorkflow(message));
      } finally {
        setPending(null);
      }
    },
    [keepPlan, makeWorkflow],
  );
  return { run, pending };
}
