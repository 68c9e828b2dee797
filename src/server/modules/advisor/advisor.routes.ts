import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  advisorHistoryQuerySchema,
  advisorHistoryResponseSchema,
  taskChatAssistantRequestSchema,
  taskChatAssistantResponseSchema,
} from '../../../shared/schemas/advisor.ts';
import type { ErrorBody } from '../../../shared/errors.ts';
import { AppError } from '../../app-error.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { perRequestSecurityHeaders } from '../../plugins/security-headers.ts';
import type { AdvisorProvider } from './providers/provider.ts';
import { programmeFactsLoader } from './advisor-programme-loader.ts';
import { type AskAdvisorInput, askAdvisor, listAdvisorMessages } from './advisor.service.ts';
import { noStore } from '../../platform/http/no-store.ts';

/** Per user when signed in (the auth hook has run by now), per address otherwise. */
function perUser(request: FastifyRequest): string {
  return request.auth?.userId ? `advisor:user:${request.auth.userId}` : `advisor:ip:${request.ip}`;
}

function sse(reply: FastifyReply, event: string, data: unknown): void {
  reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** `Accept: text/event-stream`: `delta` events as the answer is written, then `done` (the JSON answer) or `error`. */
async function streamAnswer(
  app: FastifyInstance,
  provider: AdvisorProvider,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  input: AskAdvisorInput,
) {
  reply.hijack();
  reply.raw.writeHead(200, {
    ...perRequestSecurityHeaders(request),
    'content-type': 'text/event-stream; charset=utf-8',
    ...noStore,
    'x-accel-buffering': 'no',
  });
  const aborted = new AbortController();
  request.raw.on('close', () => aborted.abort());
  try {
    const result = await askAdvisor(app.database.db, provider, {
      userId,
      input,
      signal: aborted.signal,
      loadProgramme: programmeFactsLoader(request),
      onDelta: (text) => sse(reply, 'delta', { text }),
    });
    sse(reply, 'done', result);
  } catch (error) {
    const known = error instanceof AppError;
    if (!known) request.log.error({ err: error }, 'advisor stream failed');
    const body: ErrorBody & { success: false } = {
      success: false,
      error: {
        code: known ? error.code : 'INTERNAL',
        message: known ? error.message : 'Something went wrong on our side.',
        requestId: request.id,
      },
    };
    sse(reply, 'error', body);
  }
  reply.raw.end();
}

export function registerAdvisorRoutes(app: FastifyInstance, provider: AdvisorProvider): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/functions/v1/task-chat-assistant',
    {
      schema: {
        body: taskChatAssistantRequestSchema,
        response: { 200: taskChatAssistantResponseSchema },
        tags: ['functions'],
        operationId: 'sendAdvisorMessage',
        summary: 'Ask the AI compliance advisor (guidance only); send Accept: text/event-stream to stream the answer',
        security: [{ bearerAuth: [] }],
      },
      config: {
        access: 'useAdvisor',
        rateLimit: { max: app.env.ADVISOR_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute', keyGenerator: perUser },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (request.headers.accept?.includes('text/event-stream')) {
        return streamAnswer(app, provider, request, reply, user.userId, request.body);
      }
      reply.headers(noStore);
      return askAdvisor(app.database.db, provider, {
        userId: user.userId,
        input: request.body,
        loadProgramme: programmeFactsLoader(request),
      });
    },
  );

  typed.get(
    '/api/v1/advisor/messages',
    {
      schema: {
        querystring: advisorHistoryQuerySchema,
        response: { 200: advisorHistoryResponseSchema },
        tags: ['advisor'],
        operationId: 'listAdvisorMessages',
        summary: "The signed-in user's own advisor conversation, oldest first",
        security: [{ bearerAuth: [] }],
      },
      config: { access: 'useAdvisor' },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      return { messages: await listAdvisorMessages(app.database.db, user.userId, request.query.limit) };
    },
  );
}
