import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../../../../tests/fake-auth.ts';
import { renderSignedIn } from '../../../../../../tests/render-signed-in.tsx';
import type { VendorDocumentExtraction } from '../../../../../shared/schemas/vendor-documents.ts';
import { DocumentReview } from './document-review.tsx';

const VENDOR_ID = '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b';
const DOCUMENT_ID = '2f3e4d5c-6b7a-4899-8a0b-1c2d3e4f5a6c';
const USER = { id: '3a4b5c6d-7e8f-4a0b-8c1d-2e3f4a5b6c7d', name: 'Ada Reviewer' };

const read: VendorDocumentExtraction = {
  document: {
    id: DOCUMENT_ID,
    organizationId: '4b5c6d7e-8f90-4a1b-8c2d-3e4f5a6b7c8d',
    vendorId: VENDOR_ID,
    fileName: 'soc2.pdf',
    mediaType: 'application/pdf',
    sizeBytes: 1000,
    sha256: 'a'.repeat(64),
    status: 'read',
    message: null,
    kind: 'soc2_report',
    pageCount: 30,
    expiresOn: null,
    uploadedBy: USER,
    confirmedBy: null,
    confirmedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:01:00.000Z',
  },
  extraction: {
    status: 'read',
    kind: 'soc2_report',
    pageCount: 30,
    fields: [
      { key: 'opinion', value: 'qualified', page: 4, quote: 'except for the matters described' },
      { key: 'serviceAuditor', value: 'Meridian LLP', page: 5, quote: '/s/ Meridian LLP' },
    ],
    exceptions: [{ criterion: 'CC6.3', description: 'Access not revoked in time.', page: 21 }],
    cuecs: [{ text: 'Customers manage their own users.', criteria: ['CC6.1'], page: 12 }],
    subserviceOrganizations: [],
  },
  confirmed: null,
  consequences: null,
};

/** The server: the reading, and a confirmation after which it is confirmed with its consequences; every request recorded. */
function serve(): { method: string; body: unknown }[] {
  const calls: { method: string; body: unknown }[] = [];
  let current: VendorDocumentExtraction = read;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init: RequestInit = {}) => {
      const body = init.body ? (JSON.parse(String(init.body)) as { fields: { key: 'opinion'; value: string; page: number }[] }) : undefined;
      calls.push({ method: init.method ?? 'GET', body });
      if (!body) return Response.json(current);
      current = {
        ...read,
        document: { ...read.document, status: 'confirmed', confirmedBy: USER, confirmedAt: '2026-11-21T10:00:00.000Z' },
        confirmed: {
          kind: 'soc2_report',
          fields: body.fields.map((field) => ({ ...field, corrected: field.value !== 'qualified' && field.value !== 'Meridian LLP' })),
          exceptions: [],
          cuecs: [],
          subserviceOrganizations: [],
        },
        consequences: {
          cuecRequirements: [],
          finding: { id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f', ref: 'R-007', title: 'Acme: SOC 2 report with a qualified opinion' },
          residualRisk: { from: null, to: 'high' },
          renewalTaskRequestId: null,
        },
      };
      return Response.json(current);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('reviewing what the reader extracted', () => {
  it('shows each field with its page and quote, waits for every field to be checked, and sends corrections and the kept items', async () => {
    const calls = serve();
    const onConfirmed = vi.fn();
    renderSignedIn(<DocumentReview vendorId={VENDOR_ID} documentId={DOCUMENT_ID} canConfirm onConfirmed={onConfirmed} />, fakeAuth());
    const auditor = await screen.findByLabelText('Service auditor');
    screen.getByText('Read from: “/s/ Meridian LLP”');
    const confirm = screen.getByRole('button', { name: 'Confirm the extraction' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    await userEvent.clear(auditor);
    await userEvent.type(auditor, 'Meridian Assurance LLP');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Checked against page 4' }));
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Checked against page 5' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Customers manage their own users/ }));
    await userEvent.click(confirm);

    await waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        body: {
          expectedUpdatedAt: '2026-11-20T09:01:00.000Z',
          kind: 'soc2_report',
          fields: [
            { key: 'opinion', value: 'qualified', page: 4 },
            { key: 'serviceAuditor', value: 'Meridian Assurance LLP', page: 5 },
          ],
          exceptions: read.extraction?.exceptions,
          cuecs: [],
          subserviceOrganizations: [],
        },
      },
    ]);
    await screen.findByText('R-007 Acme: SOC 2 report with a qualified opinion');
    screen.getByText('Residual risk raised from not assessed to High');
    screen.getByText('(page 5, corrected)');
  });

  it('lets a reader without the right to change vendors see, not confirm', async () => {
    serve();
    renderSignedIn(
      <DocumentReview vendorId={VENDOR_ID} documentId={DOCUMENT_ID} canConfirm={false} onConfirmed={() => undefined} />,
      fakeAuth(),
    );
    await screen.findByText('Waiting for a reviewer with the right to change vendors to confirm it.');
    expect(screen.queryByRole('button', { name: 'Confirm the extraction' })).toBeNull();
  });
});
