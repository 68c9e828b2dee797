import { Maximize2, Minimize2, Minus } from 'lucide-react';
import type { RefObject } from 'react';
import { CHAT_WIDGET_SIZE } from '../../../../shared/constants.ts';
import { type AccessRequirement, ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ADVISOR_COPY } from '../advisor-copy.ts';
import { decideAccess } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth.tsx';
import { type ChatActionKind, type ChatState, updateChat } from '../chat-store.ts';
import { useSendMessage } from '../use-send-message.ts';
import { useSuggestionActions } from '../use-suggestion-actions.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMessages } from './chat-messages.tsx';
import { QuickActions } from './quick-actions.tsx';

/** What each action's endpoint requires; a user who cannot meet it (an auditor keeping a plan) is not offered it. */
const SUGGESTION_ACTION_ACCESS: Record<ChatActionKind, AccessRequirement> = {
  'use-plan': ENDPOINT_ACCESS.writePlans,
  'generate-workflow': ENDPOINT_ACCESS.writeWorkflows,
};

/** The open widget: 384×500, or 500×600 expanded (product.md §2), never wider or taller than the screen. */
export function ChatPanel({
  state,
  onMinimize,
  inputRef,
}: {
  state: ChatState;
  onMinimize: () => void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const send = useSendMessage();
  const { run, pending } = useSuggestionActions();
  const auth = useAuth();
  // Hidden only once known to be denied (while permissions load they show); the server decides either way.
  const isActionAllowed = (action: ChatActionKind) => decideAccess(auth, SUGGESTION_ACTION_ACCESS[action]).state !== 'denied';
  const size = state.isExpanded ? CHAT_WIDGET_SIZE.expanded : CHAT_WIDGET_SIZE.normal;
  return (
    <section
      aria-labelledby="advisor-title"
      data-testid="advisor-panel"
      data-size={state.isExpanded ? 'expanded' : 'normal'}
      data-width={size.width}
      data-height={size.height}
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-background shadow-2xl"
      // Never wider than the screen less the dock's edges, nor taller than the room between the header and the cookie banner.
      style={{
        width: `min(${size.width}px, calc(100vw - 1.5rem))`,
        height: `min(${size.height}px, calc(100dvh - 6rem - var(--advisor-dock-bottom, 0px)))`,
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onMinimize();
      }}
    >
      <header className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <div className="min-w-0">
          <h2 id="advisor-title" className="truncate text-sm font-semibold">
            {ADVISOR_COPY.title}
          </h2>
          <p className="truncate text-xs text-muted-foreground">{state.context || ADVISOR_COPY.guidanceNote}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-pressed={state.isExpanded}
            aria-label={state.isExpanded ? 'Restore chat size' : 'Expand chat'}
            onClick={() => updateChat({ isExpanded: !state.isExpanded })}
          >
            {state.isExpanded ? <Minimize2 aria-hidden /> : <Maximize2 aria-hidden />}
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Minimize chat" onClick={onMinimize}>
            <Minus aria-hidden />
          </Button>
        </div>
      </header>
      <Tabs defaultValue="chat" className="flex min-h-0 flex-1 flex-col">
        <TabsList className="mx-3 mt-2 grid grid-cols-2">
          <TabsTrigger value="chat">Chat</TabsTrigger>
          <TabsTrigger value="quick-actions">Quick Actions</TabsTrigger>
        </TabsList>
        <TabsContent value="chat" className="mt-2 flex min-h-0 flex-1 flex-col data-[state=inactive]:hidden" forceMount>
          <ChatMessages
            messages={state.messages}
            isBusy={state.isBusy}
            onAction={(action, message) => void run(action, message)}
            isActionAllowed={isActionAllowed}
            pending={pending}
          />
          <ChatComposer onSend={send} isBusy={state.isBusy} inputRef={inputRef} />
        </TabsContent>
        <TabsContent value="quick-actions" className="mt-2 flex min-h-0 flex-1 flex-col">
          <QuickActions />
        </TabsContent>
      </Tabs>
    </section>
  );
}
