import * as access from './schema/access.ts';

/** The drizzle schema object: every domain's tables, for the typed client. */
export const schema = { ...access };
export type Schema = typeof schema;
