/**
 * The reply headers of an answer no cache may keep: workspace data, one user's access, anything
 * behind a session. The one copy every route uses (`reply.headers(noStore)`, or spread among others).
 */
export const noStore = { 'cache-control': 'private, no-store' };
