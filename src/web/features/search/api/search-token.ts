import { getAuthClient, loadPublicConfig } from '../../auth/auth-client.ts';

/**
 * The bearer for search-content (spec §6): the signed-in user's access token (auth-js refreshes it
 * when due), otherwise the public anonymous key. Null when neither can be had; the request then
 * fails with 401 and is logged like any other failure.
 */
export async function resolveSearchToken(): Promise<string | null> {
  try {
    const client = await getAuthClient();
    const { data } = await client.getSession();
    if (data.session?.access_token) return data.session.access_token;
  } catch {
    // no auth client (storage blocked, config unreachable): try the anonymous key alone
  }
  try {
    return (await loadPublicConfig()).anonKey;
  } catch {
    return null;
  }
}
