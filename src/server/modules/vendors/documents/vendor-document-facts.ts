import { and, desc, eq } from 'drizzle-orm';
import { VENDOR_DOCUMENT_FIELD_LABELS, VENDOR_DOCUMENT_KIND_LABELS } from '../../../../shared/schemas/vendor-documents.ts';
import type { DbTransaction } from '../../../db/client.ts';
import { vendorDocuments } from '../../../db/schema/vendors.ts';

const SUBSERVICE_METHOD_WORDS = { carved_out: 'carved out', inclusive: 'inclusive' } as const;

/**
 * What a person confirmed of a vendor's documents, as lines for the vendor-review agent's brief
 * (docs/vendor-questionnaires.md): each confirmed report or certificate with its fields, exceptions,
 * complementary user entity controls and subservice organizations, every one with its page. Only
 * confirmed extractions count — the reader's unconfirmed guesses never reach the agent.
 */
export async function confirmedDocumentBriefLines(tx: DbTransaction, organizationId: string, vendorId: string): Promise<string[]> {
  const rows = await tx
    .select({ fileName: vendorDocuments.fileName, confirmed: vendorDocuments.confirmed, expiresOn: vendorDocuments.expiresOn })
    .from(vendorDocuments)
    .where(
      and(
        eq(vendorDocuments.organizationId, organizationId),
        eq(vendorDocuments.vendorId, vendorId),
        eq(vendorDocuments.status, 'confirmed'),
      ),
    )
    .orderBy(desc(vendorDocuments.confirmedAt));
  return rows.flatMap(({ fileName, confirmed, expiresOn }) => {
    if (!confirmed) return [];
    const fields = confirmed.fields
      .filter((field) => field.value)
      .map((field) => `${VENDOR_DOCUMENT_FIELD_LABELS[field.key]}: ${field.value} (p. ${field.page})`);
    const counts = expiresOn ? `; counts until ${expiresOn}` : '';
    return [
      `- ${VENDOR_DOCUMENT_KIND_LABELS[confirmed.kind]} (${fileName})${counts}. ${fields.join('; ') || 'No fields confirmed'}.`,
      confirmed.exceptions.length === 0
        ? '  Exceptions: none reported.'
        : `  Exceptions: ${confirmed.exceptions.map((item) => `${item.criterion || 'criterion not stated'} — ${item.description} (p. ${item.page})`).join('; ')}.`,
      ...(confirmed.cuecs.length > 0
        ? [`  Controls the report expects of us (CUECs): ${confirmed.cuecs.map((item) => `${item.text} (p. ${item.page})`).join('; ')}.`]
        : []),
      ...(confirmed.subserviceOrganizations.length > 0
        ? [
            `  Subservice organizations: ${confirmed.subserviceOrganizations
              .map((item) => `${item.name}, ${SUBSERVICE_METHOD_WORDS[item.method]} (p. ${item.page})`)
              .join('; ')}.`,
          ]
        : []),
    ];
  });
}
