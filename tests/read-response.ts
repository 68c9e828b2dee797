import { z } from 'zod';

/** A response whose body is JSON: Fastify's inject() answer or a fetch Response already read as text. */
interface JsonResponse {
  body: string;
}

/**
 * The response body, parsed with the shared schema the server answers with (src/shared/schemas,
 * src/shared/errors.ts). A body that does not match fails the test with the schema's own account
 * of what differs, and the body itself, instead of a type assertion that silently believes it.
 */
export function readJson<S extends z.ZodType>(response: JsonResponse, schema: S): z.output<S> {
  let body: unknown;
  try {
    body = JSON.parse(response.body) as unknown;
  } catch {
    throw new Error(`The response body is not JSON: ${response.body.slice(0, 500)}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `The response body does not match its schema:\n${z.prettifyError(parsed.error)}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
  return parsed.data;
}
