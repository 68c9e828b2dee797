import { inArray } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client.ts';
import { authUsers } from '../../db/schema/auth.ts';

export interface Person {
  name: string;
  email: string | null;
}

const FORMER_USER: Person = { name: 'A former user', email: null };

/** What a user is called on the review screens: their profile name, else their e-mail address. */
function displayName(row: { email: string | null; userMetadata: Record<string, unknown> }): string {
  const { full_name: fullName, name } = row.userMetadata;
  if (typeof fullName === 'string' && fullName.trim()) return fullName.trim();
  if (typeof name === 'string' && name.trim()) return name.trim();
  return row.email ?? FORMER_USER.name;
}

/** Names and addresses of the given users; a deleted user reads as "A former user". */
export async function peopleByIds(tx: DbTransaction, ids: readonly (string | null)[]): Promise<(id: string | null) => Person> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const rows = wanted.length
    ? await tx
        .select({ id: authUsers.id, email: authUsers.email, userMetadata: authUsers.userMetadata })
        .from(authUsers)
        .where(inArray(authUsers.id, wanted))
    : [];
  const byId = new Map(rows.map((row) => [row.id, { name: displayName(row), email: row.email }]));
  return (id) => (id ? (byId.get(id) ?? FORMER_USER) : FORMER_USER);
}
