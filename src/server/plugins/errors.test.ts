import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

/** How thrown errors become answers; here the ones no service mapped itself. */
describe('registerErrorHandling', () => {
  it('answers a unique violation that escaped its service (a lost race) 409 CONFLICT, not 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/raced', () => {
      // drizzle's wrapper around the driver's error, as a check-then-insert that lost a race throws it.
      throw new Error('Failed query: insert into …', { cause: Object.assign(new Error('duplicate key'), { code: '23505' }) });
    });
    const response = await app.inject({ method: 'GET', url: '/raced' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    await app.close();
  });

  it('still hides any other failure behind 500 INTERNAL', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/broken', () => {
      throw new Error('Failed query', { cause: Object.assign(new Error('invalid byte sequence'), { code: '22021' }) });
    });
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
    await app.close();
  });
});
