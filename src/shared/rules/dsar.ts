/**
 * Data-subject requests (/dsar): the kinds of request and who may make one. Apart from the schemas
 * (schemas/dsar.ts) so that the Privacy Request page draws its form without zod; the form's rules
 * load when the visitor starts filling it in.
 */

export const DSAR_REQUEST_TYPES = ['access', 'deletion', 'correction', 'portability', 'objection'] as const;
export type DsarRequestType = (typeof DSAR_REQUEST_TYPES)[number];

export const DSAR_REQUEST_TYPE_LABELS: Record<DsarRequestType, { label: string; description: string }> = {
  access: { label: 'Access my data', description: 'A copy of the personal data we hold about you and how we use it.' },
  deletion: { label: 'Delete my data', description: 'Erase your personal data, unless the law requires us to keep it.' },
  correction: { label: 'Correct my data', description: 'Fix personal data that is inaccurate or incomplete.' },
  portability: {
    label: 'Receive a portable copy',
    description: 'Your data in a machine-readable format (JSON or CSV) to take elsewhere.',
  },
  objection: { label: 'Object to processing', description: 'Stop a use of your data, such as marketing or profiling.' },
};

export const DSAR_RELATIONSHIPS = ['self', 'authorized_agent'] as const;
export type DsarRelationship = (typeof DSAR_RELATIONSHIPS)[number];

/** GDPR Art. 12(3) allows one month and the CCPA 45 days; we commit to 30 days, inside both. */
export const DSAR_RESPONSE_DAYS = 30;
