import type { FastifyInstance } from 'fastify';
import type { DomainEventListener } from './domain-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Listeners of domain events beside the built-in ones (workers.ts lists those: workflow triggers,
     * webhooks); push before the app is ready: startWorkers hands the list to the 'domain-event' worker then.
     */
    domainEventListeners: DomainEventListener[];
  }
}

export function registerEventsModule(app: FastifyInstance): void {
  app.decorate('domainEventListeners', []);
}
