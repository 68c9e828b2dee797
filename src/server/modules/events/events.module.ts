import type { FastifyInstance } from 'fastify';
import { type DomainEventListener, startDomainEventWorker } from './domain-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Listeners of domain events: modules push theirs while registering; the worker starts when the app is ready. */
    domainEventListeners: DomainEventListener[];
  }
}

/** Register before any module that listens; the server works the queue unless JOB_WORKERS=off. */
export function registerEventsModule(app: FastifyInstance): void {
  app.decorate('domainEventListeners', []);
  app.addHook('onReady', async () => {
    if (!app.jobWorkersEnabled) return;
    await startDomainEventWorker(app.jobs, app.domainEventListeners);
  });
}
