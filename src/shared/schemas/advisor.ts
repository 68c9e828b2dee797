import { z } from 'zod';
import { AI_SUGGESTION_DEFAULTS, MAX_INPUT_LENGTH } from '../constants.ts';

/**
 * The AI advisor's wire format (product.md §3 Chat message and AI suggestion, §7 task-chat-assistant).
 * Both the function and the widget validate with these.
 */

export const MAX_INPUT_LENGTH_MESSAGE = `Input exceeds maximum length of ${MAX_INPUT_LENGTH} characters`;

/** Work categories a suggestion (and a plan step) can carry; the spec names only the default. */
export const SUGGESTION_CATEGORIES = [
  'compliance_assessment',
  'risk_assessment',
  'audit_preparation',
  'documentation',
  'policy',
  'security',
  'privacy',
  'vendor_management',
  'process_improvement',
  'training',
] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];

/** 1 is the most urgent, 5 the least; 3 is the spec's default. */
export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 5;

export const prioritySchema = z.number().int().min(PRIORITY_MIN).max(PRIORITY_MAX);

export const aiSuggestionSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  description: z.string().trim().max(MAX_INPUT_LENGTH, MAX_INPUT_LENGTH_MESSAGE).default(''),
  category: z.string().trim().min(1).max(60).default(AI_SUGGESTION_DEFAULTS.category),
  priority: prioritySchema.default(AI_SUGGESTION_DEFAULTS.priority),
});
export type AiSuggestion = z.infer<typeof aiSuggestionSchema>;

const shortText = (max: number) => z.string().max(max).optional();

/** What the widget tells the advisor about where the user is. All of it is untrusted hint text. */
export const chatContextSchema = z.object({
  userInfo: z.object({ id: shortText(100), email: shortText(320), name: shortText(200), role: shortText(60) }).nullish(),
  mode: shortText(50),
  portalContext: shortText(200),
  additionalContext: z.string().max(2000, 'additionalContext exceeds maximum length of 2000 characters').optional(),
  timestamp: shortText(64),
});
export type ChatContext = z.infer<typeof chatContextSchema>;

export const taskChatAssistantRequestSchema = z.object({
  message: z
    .string()
    .max(MAX_INPUT_LENGTH, MAX_INPUT_LENGTH_MESSAGE)
    .refine((value) => value.trim().length > 0, 'Message is required'),
  mode: z.string().trim().max(50).default('general'),
  context: chatContextSchema.default({}),
});
export type TaskChatAssistantRequest = z.input<typeof taskChatAssistantRequestSchema>;

export const advisorSourceSchema = z.object({
  title: z.string(),
  url_path: z.string(),
  content_type: z.string(),
});
export type AdvisorSource = z.infer<typeof advisorSourceSchema>;

export const taskChatAssistantResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().optional(),
  suggestion: aiSuggestionSchema.optional(),
  /** Additions beyond the spec's shape: what the answer drew on, and the stored reply's id. */
  references: z.array(z.string()).optional(),
  sources: z.array(advisorSourceSchema).optional(),
  messageId: z.uuid().optional(),
});
export type TaskChatAssistantResponse = z.infer<typeof taskChatAssistantResponseSchema>;

/** A stored chat message, as the history endpoint returns it (product.md §3 Chat message, minus actions). */
export const advisorMessageSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  isUser: z.boolean(),
  timestamp: z.string(),
  suggestion: aiSuggestionSchema.nullable(),
  references: z.array(z.string()),
  sources: z.array(advisorSourceSchema),
});
export type AdvisorMessage = z.infer<typeof advisorMessageSchema>;

export const advisorHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const advisorHistoryResponseSchema = z.object({ messages: z.array(advisorMessageSchema) });
export type AdvisorHistoryResponse = z.infer<typeof advisorHistoryResponseSchema>;
