import { expect, it } from 'vitest';
import { logTransport } from './log-redaction.ts';

it('pretty logs for a person at a terminal in development, JSON in production and through a pipe', () => {
  expect(logTransport('development', true)).toEqual({ transport: expect.objectContaining({ target: 'pino-pretty' }) });
  expect(logTransport('test', true)).toEqual({ transport: expect.objectContaining({ target: 'pino-pretty' }) });
  expect(logTransport('production', true)).toEqual({});
  expect(logTransport('development', false)).toEqual({});
});
