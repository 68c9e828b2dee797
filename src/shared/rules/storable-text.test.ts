import { describe, expect, it } from 'vitest';
import { STORABLE_TEXT_MESSAGES, findUnstorableInput } from './storable-text.ts';

describe('findUnstorableInput', () => {
  it('reads a query object as Fastify parses it (an object whose prototype is an empty null-prototype object)', () => {
    // fast-querystring's shape: `new Empty()` with `Empty.prototype = Object.create(null)`.
    const query = Object.assign(Object.create(Object.create(null) as object) as Record<string, unknown>, { q: '\u0000' });
    expect(findUnstorableInput(query)).toEqual({ path: 'q', message: STORABLE_TEXT_MESSAGES.nul });
  });

  it('reads plain and null-prototype objects and arrays, keys included', () => {
    expect(findUnstorableInput({ a: [{ b: 'x\u0000' }] })).toEqual({ path: 'a.0.b', message: STORABLE_TEXT_MESSAGES.nul });
    expect(findUnstorableInput(Object.assign(Object.create(null) as object, { ['k\uD800']: 1 }))).toEqual({
      path: 'k\uD800',
      message: STORABLE_TEXT_MESSAGES.surrogate,
    });
  });

  it('leaves buffers, dates and class instances alone', () => {
    class Upload {
      name = 'x\u0000';
    }
    expect(findUnstorableInput({ file: Buffer.from([0, 0]), at: new Date(0), upload: new Upload() })).toBeNull();
  });
});
