import { Bot, LoaderCircle, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { ADVISOR_COPY } from '../advisor-copy.ts';
import type { ChatActionKind, ChatMessage } from '../chat-store.ts';
import { AdvisorMarkdown } from './advisor-markdown.tsx';

function MessageBubble({
  message,
  onAction,
  isActionAllowed,
  pending,
}: {
  message: ChatMessage;
  onAction: (action: ChatActionKind, message: ChatMessage) => void;
  isActionAllowed: (action: ChatActionKind) => boolean;
  pending: string | null;
}) {
  const Icon = message.isUser ? UserRound : Bot;
  const actions = message.actions.filter((action) => isActionAllowed(action.action));
  return (
    <li className={cn('flex gap-2', message.isUser && 'flex-row-reverse')}>
      <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted" aria-hidden>
        <Icon className="size-4" />
      </span>
      <div
        className={cn(
          'min-w-0 max-w-[85%] rounded-lg px-3 py-2',
          message.isUser ? 'bg-primary text-primary-foreground' : 'border border-border bg-card text-card-foreground',
          message.isError && 'border-red-300 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
        )}
      >
        <span className="sr-only">{message.isUser ? 'You said:' : 'Advisor:'}</span>
        {message.isUser ? (
          <p className="whitespace-pre-wrap break-words text-sm">{message.content}</p>
        ) : (
          <AdvisorMarkdown content={message.content} />
        )}
        {actions.length > 0 ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button
                key={action.action}
                type="button"
                size="sm"
                variant={action.variant}
                disabled={pending !== null}
                aria-busy={pending === `${message.id}:${action.action}` || undefined}
                onClick={() => onAction(action.action, message)}
              >
                {action.label}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The conversation. role="log" makes screen readers announce each new message politely. */
export function ChatMessages({
  messages,
  isBusy,
  onAction,
  isActionAllowed,
  pending,
}: {
  messages: readonly ChatMessage[];
  isBusy: boolean;
  onAction: (action: ChatActionKind, message: ChatMessage) => void;
  isActionAllowed: (action: ChatActionKind) => boolean;
  pending: string | null;
}) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, isBusy]);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3" data-testid="advisor-messages">
      <div className="mb-3 rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground">{ADVISOR_COPY.welcome}</div>
      <div role="log" aria-live="polite" aria-relevant="additions" aria-label="Conversation">
        <ol className="space-y-3">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} onAction={onAction} isActionAllowed={isActionAllowed} pending={pending} />
          ))}
        </ol>
      </div>
      {isBusy ? (
        <div role="status" className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          {ADVISOR_COPY.thinking}
        </div>
      ) : null}
      <div ref={end} />
    </div>
  );
}
