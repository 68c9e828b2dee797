import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessFor, fakeAuth } from '../../../../../tests/fake-auth.ts';
import { anEngagement } from '../../../../../tests/engagement-fixture.ts';
import { renderSignedIn } from '../../../../../tests/render-signed-in.tsx';
import type { AuditRequest } from '../../../../shared/schemas/engagements.ts';
import { EvidenceReview } from './evidence-review.tsx';
import type { RenderEvidenceUpload } from './request-actions.tsx';

afterEach(() => vi.unstubAllGlobals());

const engagement = anEngagement();
const flagged: AuditRequest = {
  id: '6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f10',
  engagementId: engagement.id,
  ref: 'CC6.3',
  requirementId: 'soc2:CC6.3',
  title: 'Access removal',
  description: 'Provide evidence that access was removed on time.',
  status: 'flagged',
  dueOn: '2026-07-01',
  overdue: false,
  evidence: [],
  messageCount: 1,
  taskRequestId: null,
  updatedAt: '2026-07-05T10:00:00.000Z',
};
const item = (id: string, title: string, collectedAt: string) => ({
  id,
  title,
  description: '',
  kind: 'link',
  url: 'https://example.com/evidence',
  fileName: null,
  mediaType: null,
  sizeBytes: null,
  sha256: null,
  collectedAt: `${collectedAt}T10:00:00.000Z`,
  periodStart: null,
  periodEnd: null,
  expiresAt: '2027-12-31T00:00:00.000Z',
  state: 'current',
  controlIds: ['IAM-02'],
  uploadedBy: { id: '6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f99', name: 'Clara Client' },
  reviewedBy: null,
  reviewedAt: null,
  region: '',
  businessUnit: '',
  environment: '',
  dataClassification: '',
  createdAt: `${collectedAt}T10:00:00.000Z`,
});
const UPLOADED = { id: '6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f40', title: 'Fresh access review' };

function serve() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = String(input).split('?')[0] ?? '';
      if (path === `/api/v1/engagements/${engagement.id}/requests`)
        return Response.json({ engagementId: engagement.id, requests: [flagged] });
      if (path === `/api/v1/engagements/${engagement.id}/requests/${flagged.id}`) return Response.json({ request: flagged, messages: [] });
      if (path === `/api/v1/engagements/${engagement.id}/requests/${flagged.id}/messages`) {
        posts.push(JSON.parse(String(init.body)));
        return Response.json({ request: { ...flagged, status: 'submitted' }, messages: [] });
      }
      if (path === '/api/v1/evidence')
        return Response.json({
          organizationId: engagement.organizationId,
          evidence: [
            item('6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f21', 'Access review Q1', '2026-03-01'),
            item('6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f22', 'Access review after the flag', '2026-07-10'),
            item('6b1c2f3e-1d5a-4c1e-9f0a-1b2c3d4e5f23', 'Access review 2027', '2027-02-01'),
          ],
          total: 3,
        });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  return posts;
}

/** Stands for the evidence feature's uploader, which the route hands in. */
const fakeUpload: RenderEvidenceUpload = ({ onAdded, onClose }) => (
  <button
    type="button"
    onClick={() => {
      onAdded(UPLOADED);
      onClose();
    }}
  >
    Finish the upload
  </button>
);

describe('answering an auditor’s flag (issue 32)', () => {
  it('offers the programme’s evidence collected during the engagement, not only before it', async () => {
    serve();
    renderSignedIn(<EvidenceReview engagement={engagement} />, fakeAuth({ access: accessFor('client'), accessStatus: 'ready' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: /CC6.3/ }));
    const links = await screen.findByRole('group', { name: /Link evidence/ });
    await within(links).findByLabelText('Access review after the flag');
    within(links).getByLabelText('Access review Q1');
    expect(within(links).queryByLabelText('Access review 2027')).toBeNull();
  });

  it('uploads new evidence from the thread and resubmits with it linked', async () => {
    const posts = serve();
    const user = userEvent.setup();
    renderSignedIn(
      <EvidenceReview engagement={engagement} renderEvidenceUpload={fakeUpload} />,
      fakeAuth({ access: accessFor('client'), accessStatus: 'ready' }),
    );
    await user.click(await screen.findByRole('button', { name: /CC6.3/ }));
    await user.click(await screen.findByRole('button', { name: 'Upload new evidence' }));
    await user.click(screen.getByRole('button', { name: 'Finish the upload' }));
    expect((await screen.findByLabelText('Fresh access review')).matches(':checked')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Resubmit' }));
    await waitFor(() => expect(posts).toEqual([{ body: '', evidenceIds: [UPLOADED.id], resubmit: true }]));
  });

  it('offers no upload to the auditor', async () => {
    serve();
    renderSignedIn(
      <EvidenceReview engagement={{ ...engagement, side: 'auditor' }} renderEvidenceUpload={fakeUpload} />,
      fakeAuth({ access: accessFor('auditor'), accessStatus: 'ready' }),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: /CC6.3/ }));
    await screen.findByRole('button', { name: 'Record decision' });
    expect(screen.queryByRole('button', { name: 'Upload new evidence' })).toBeNull();
  });
});
