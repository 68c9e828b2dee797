import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { useAuth } from '../../auth/auth.tsx';
import { usePresentationMode } from '../../presentation/presentation-mode.tsx';
import { writeStorage } from '../../../lib/storage.ts';
import { cn } from '../../../lib/cn.ts';
import { usePublishedHeight } from '../../../lib/use-published-height.ts';
import { ADVISOR_COPY } from '../advisor-copy.ts';
import { showsAdvisor } from '../advisor-paths.ts';
import { fetchAdvisorHistory } from '../api/advisor-history.ts';
import { type ChatMessage, SUGGESTION_ACTIONS, getChatState, resetChat, updateChat, useChatState } from '../chat-store.ts';
import { ChatPanel } from './chat-panel.tsx';

/** Once per session, the user's earlier conversation is put in front of this one. */
function useHistory(userId: string | null, enabled: boolean) {
  const history = useQuery({
    queryKey: ['advisor', 'history', userId],
    queryFn: () => fetchAdvisorHistory(),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    if (!history.data || getChatState().hasLoadedHistory) return;
    let question: string | undefined;
    const earlier: ChatMessage[] = history.data.messages.map((message) => {
      if (message.isUser) question = message.content;
      return {
        id: message.id,
        content: message.content,
        isUser: message.isUser,
        timestamp: message.timestamp,
        actions: !message.isUser && message.suggestion ? SUGGESTION_ACTIONS : [],
        suggestion: message.suggestion ?? undefined,
        question: message.isUser ? undefined : question,
      };
    });
    updateChat((current) => {
      const known = new Set(current.messages.map((message) => message.id));
      return { hasLoadedHistory: true, messages: [...earlier.filter((message) => !known.has(message.id)), ...current.messages] };
    });
  }, [history.data]);
}

/** One person's conversation is never shown to the next person who signs in on this browser. */
function useConversationOwner(userId: string | null) {
  const owner = useRef<string | null>(null);
  useEffect(() => {
    if (owner.current !== null && owner.current !== userId) {
      resetChat();
      writeStorage(STORAGE_KEYS.aiTaskSuggestion, null);
    }
    owner.current = userId;
  }, [userId]);
}

/** Marks <html> while the launcher shows: app.css then keeps room for it below the page's last content. */
export const LAUNCHER_ATTRIBUTE = 'data-advisor-launcher';

/** The dock's height (launcher or open panel) while shown: app.css stands toasts above it. */
export const DOCK_SPACE_PROPERTY = '--advisor-dock-space';

/**
 * How far above the page's end the window may stop with the launcher still centred: the launcher covers
 * the bottom 4 rem of the window (3 rem of button, 1 rem of gap), the page keeps 5 rem of room below
 * its last content (app.css), so within 1 rem of the end it covers only that room.
 */
const CENTRED_WITHIN_PX = 16;

/**
 * Bottom centre is the launcher's place (product.md §2) where the page keeps room for it: at the page's
 * end, or on a page that fits the window. While content scrolls under that place, the launcher moves
 * aside to the bottom-right corner as a round button, so it does not sit over a list's last row, the
 * builder's canvas or a badge (docs/advisor.md).
 */
function useLauncherAside(isShown: boolean): boolean {
  const [isAside, setAside] = useState(false);
  useEffect(() => {
    if (!isShown) {
      setAside(false);
      return;
    }
    const root = document.documentElement;
    const update = () => setAside(root.scrollHeight - (window.scrollY + window.innerHeight) > CENTRED_WITHIN_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // The page grows and shrinks as data loads: re-measure then too.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [isShown]);
  return isAside;
}

function useLauncherRoom(isShown: boolean) {
  useEffect(() => {
    if (!isShown) return;
    document.documentElement.setAttribute(LAUNCHER_ATTRIBUTE, '');
    return () => document.documentElement.removeAttribute(LAUNCHER_ATTRIBUTE);
  }, [isShown]);
}

/**
 * The AI advisor chat widget (product.md §2): on workspace paths only, for a signed-in user, docked at the
 * bottom centre (the spec's place for it), minimized until opened. Its chrome steps aside while
 * presentation mode is on.
 *
 * Over the page, never over what the user needs (app.css): the page keeps room below its last content
 * for the launcher, the dock stands on the cookie banner while that shows, and toasts stand above the
 * dock. On a phone the launcher is a round button (its name stays 'Open the compliance advisor').
 */
export function AdvisorWidget() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const { isPresentationMode } = usePresentationMode();
  const state = useChatState();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const dockRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(state.isOpen);
  const [dock, setDock] = useState<HTMLElement | null>(null);
  const isVisible = showsAdvisor(pathname) && Boolean(user) && !isPresentationMode;
  useLauncherRoom(isVisible);
  const isAside = useLauncherAside(isVisible && !state.isOpen);
  usePublishedHeight(dock, DOCK_SPACE_PROPERTY);
  useConversationOwner(user?.id ?? null);
  useHistory(user?.id ?? null, isVisible && state.isOpen && !state.hasLoadedHistory);

  useEffect(() => {
    // Focus follows the widget: into the message box when it opens, back to the dock when it closes.
    if (state.isOpen && !wasOpen.current) inputRef.current?.focus();
    if (!state.isOpen && wasOpen.current) dockRef.current?.focus();
    wasOpen.current = state.isOpen;
  }, [state.isOpen, isVisible]);

  if (!isVisible) return null;
  return (
    // Its padding is the gap to the screen's edges (and, measured with it, the toasts' gap from the bottom).
    <div
      ref={setDock}
      className={cn(
        'pointer-events-none fixed inset-x-0 bottom-(--advisor-dock-bottom) z-40 flex p-3 pt-0 sm:p-4 sm:pt-0',
        isAside ? 'justify-end' : 'justify-center',
      )}
      data-testid="advisor-widget"
      data-placement={isAside ? 'aside' : 'centre'}
    >
      <div className="pointer-events-auto">
        {state.isOpen ? (
          <ChatPanel state={state} inputRef={inputRef} onMinimize={() => updateChat({ isOpen: false })} />
        ) : (
          <button
            ref={dockRef}
            type="button"
            onClick={() => updateChat({ isOpen: true })}
            aria-label="Open the compliance advisor"
            data-testid="advisor-launcher"
            className={cn(
              'flex h-12 min-w-12 items-center justify-center gap-2 rounded-full bg-primary px-3.5 text-sm font-medium text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              !isAside && 'sm:px-5',
            )}
          >
            <MessageCircle className="size-5" aria-hidden />
            {/* Aside, it is a round button: its name still says what it opens. */}
            <span className={isAside ? 'hidden' : 'hidden sm:inline'}>{ADVISOR_COPY.title}</span>
          </button>
        )}
      </div>
    </div>
  );
}
