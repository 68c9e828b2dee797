import * as access from './schema/access.ts';
import * as content from './schema/content.ts';
import * as mail from './schema/mail.ts';

/** The drizzle schema object: every domain's tables, for the typed client. */
export const schema = { ...access, ...content, ...mail };
export type Schema = typeof schema;
