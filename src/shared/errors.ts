import { z } from 'zod';

/**
 * Machine-readable error codes and the HTTP status each maps to. Services throw
 * `AppError(code)`; one handler turns it into `{ error: { code, message } }` with this status.
 * Clients branch on `code`, never on the message text.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  /** A public form's hidden honeypot field was filled in (leads). */
  SPAM_DETECTED: 400,
  /** A webhook's URL is, or resolves to, a loopback, private, link-local or otherwise non-public address (integrations). */
  WEBHOOK_TARGET_NOT_PUBLIC: 400,
  /** A connection's endpoint is, or resolves to, a loopback, private or link-local address (connectors). */
  CONNECTOR_ENDPOINT_NOT_PUBLIC: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** Signed in with the first factor only, by an account that has a verified second factor (access). */
  MFA_REQUIRED: 403,
  /** An API key whose scopes do not cover the operation, or an operation API keys may not call (access). */
  API_KEY_SCOPE_MISSING: 403,
  /** The signed-in user has no subscription yet (advisor plans need one). */
  NO_SUBSCRIPTION: 403,
  /** Segregation of duties: nobody approves or rejects work they requested themselves (reviews). */
  SEGREGATION_OF_DUTIES: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** A trust-center grant past its expiry (trust-center): the requester asks again. */
  GRANT_EXPIRED: 410,
  CONFLICT: 409,
  /** Another person of the organization's roster has this e-mail address (people; SCIM answers it as `uniqueness`). */
  PERSON_EMAIL_TAKEN: 409,
  /** Publishing a policy from a deliverable that has no approved, published version (policies). */
  POLICY_NOT_APPROVED: 409,
  /** A new policy version from a deliverable version already published: a change needs a newly approved version (policies). */
  POLICY_UNCHANGED: 409,
  /** An attestation link past its campaign's expiry, or of a person taken off the campaign (attestations). */
  ATTESTATION_LINK_EXPIRED: 410,
  /** A campaign's audience names a group the organization does not have (attestations; another organization's group too). */
  ATTESTATION_GROUP_NOT_FOUND: 400,
  /** A vendor questionnaire's link used again after the vendor submitted it (vendor-questionnaires). */
  QUESTIONNAIRE_SUBMITTED: 409,
  /** A vendor questionnaire's link past its expiry (vendor-questionnaires): the client sends a new one. */
  QUESTIONNAIRE_EXPIRED: 410,
  /** A vendor document's extraction was confirmed already, by another reviewer or another tab (vendors). */
  VENDOR_DOCUMENT_ALREADY_CONFIRMED: 409,
  /** A vendor document that is still being read, or could not be read, has nothing to confirm (vendors). */
  VENDOR_DOCUMENT_NOT_READ: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The body of every error answer under /api and /functions (plugins/errors.ts writes it). Built in a
 * pure-annotated function so a bundle that only needs the codes (the web app's API client) drops it and zod.
 */
export const errorBodySchema = /* @__PURE__ */ (() =>
  z.object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      /** Field-level problems for VALIDATION_FAILED. */
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      requestId: z.string().optional(),
    }),
  }))();
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS;
}
