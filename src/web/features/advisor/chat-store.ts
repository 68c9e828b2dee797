import { useSyncExternalStore } from 'react';
import type { AiSuggestion } from '../../../shared/schemas/advisor.ts';

/**
 * The advisor conversation lives outside React, so it survives navigation between workspace
 * pages (and the widget unmounting on pages where it is hidden) for the whole browser session.
 */

export type ChatActionKind = 'use-plan' | 'generate-workflow';

/** product.md §3 Chat message: id, content, isUser, timestamp, actions (label, variant, action). */
export interface ChatMessage {
  id: string;
  content: string;
  isUser: boolean;
  timestamp: string;
  actions: { label: string; variant: 'default' | 'outline'; action: ChatActionKind }[];
  suggestion?: AiSuggestion;
  /** The question that produced this answer: a plan keeps it as raw_message. */
  question?: string;
  mode?: string;
  isError?: boolean;
}

export interface ChatState {
  messages: ChatMessage[];
  isBusy: boolean;
  isOpen: boolean;
  isExpanded: boolean;
  /** The context string the last 'open-csquare' or 'workflow-context-update' event carried. */
  context: string;
  /** The server history was merged in (once per session). */
  hasLoadedHistory: boolean;
}

const initialState: ChatState = { messages: [], isBusy: false, isOpen: false, isExpanded: false, context: '', hasLoadedHistory: false };

let state: ChatState = initialState;
const listeners = new Set<() => void>();

export function getChatState(): ChatState {
  return state;
}

export function updateChat(change: Partial<ChatState> | ((current: ChatState) => Partial<ChatState>)): void {
  state = { ...state, ...(typeof change === 'function' ? change(state) : change) };
  for (const listener of listeners) listener();
}

export function addChatMessage(message: ChatMessage): void {
  updateChat((current) => ({ messages: [...current.messages, message] }));
}

/** Tests start from a clean conversation. */
export function resetChat(): void {
  state = initialState;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useChatState(): ChatState {
  return useSyncExternalStore(subscribe, getChatState, () => initialState);
}

export const SUGGESTION_ACTIONS: ChatMessage['actions'] = [
  { label: 'Use plan', variant: 'default', action: 'use-plan' },
  { label: 'Generate workflow', variant: 'outline', action: 'generate-workflow' },
];

export function newMessageId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}
