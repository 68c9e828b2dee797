import { expect, type Locator } from '@playwright/test';

/**
 * A vendor document uploaded and confirmed through the vendor detail (docs/vendor-documents.md), for a
 * journey that takes a vendor through its review (the vendor-questionnaire journey may call it). Starts
 * and ends in the open vendor detail dialog; the server's workers read the PDF (JOB_WORKERS in-process).
 * Every field is confirmed as read; the consequences are listed when it returns.
 */
export async function uploadAndConfirmVendorDocument(
  detail: Locator,
  file: { name: string; buffer: Buffer },
): Promise<{ consequences: Locator }> {
  const documents = detail.getByRole('region', { name: 'Documents' });
  await documents
    .getByLabel('Document', { exact: true })
    .setInputFiles({ name: file.name, mimeType: 'application/pdf', buffer: file.buffer });
  await documents.getByRole('button', { name: 'Upload' }).click();
  const item = documents.getByRole('listitem').filter({ hasText: file.name });
  // The reader runs off the request; the list polls until the document waits for a reviewer.
  await expect(item.getByText('Waiting for a reviewer')).toBeVisible({ timeout: 30_000 });
  const fields = item.getByRole('list', { name: 'Extracted fields' });
  await expect(fields).toBeVisible();
  const boxes = fields.getByRole('checkbox');
  for (let index = 0, count = await boxes.count(); index < count; index += 1) await boxes.nth(index).check();
  await item.getByRole('button', { name: 'Confirm the extraction' }).click();
  const consequences = item.getByRole('region', { name: 'What confirming did' });
  await expect(consequences).toBeVisible();
  await expect(item.getByText('Confirmed', { exact: true })).toBeVisible();
  return { consequences };
}
