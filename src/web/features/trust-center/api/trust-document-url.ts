/** The public trust center's API address for a slug (getTrustCenter and what hangs below it). */
export const trustCenterApiBase = (slug: string) => `/api/v1/trust-centers/${encodeURIComponent(slug)}`;

/**
 * Where a document downloads from: public ones as they are, restricted ones with the e-mailed token. On its
 * own, so the trust page's client (trust-page-client.tsx) links documents without the API client and schemas.
 */
export const trustDocumentUrl = (slug: string, documentId: string) => `${trustCenterApiBase(slug)}/documents/${documentId}/download`;
