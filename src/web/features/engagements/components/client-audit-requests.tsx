import { useState } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { useEngagements } from '../api/engagements-api.ts';
import { AuditSamples } from './audit-samples.tsx';
import { EvidenceReview } from './evidence-review.tsx';
import type { RenderEvidenceUpload } from './request-actions.tsx';

/**
 * The client's side of an audit (the auditor portal itself needs the auditor rank): the requests of
 * their organization's engagements, where they answer in the thread and resubmit. Nothing without one.
 */
export function ClientAuditRequests({ renderEvidenceUpload }: { renderEvidenceUpload?: RenderEvidenceUpload }) {
  const engagements = useEngagements();
  const mine = (engagements.data?.engagements ?? []).filter((engagement) => engagement.side === 'client');
  const [chosen, setChosen] = useState<string | null>(null);
  const engagement = mine.find((row) => row.id === chosen) ?? mine[0];
  if (!engagement) return null;
  return (
    <section aria-labelledby="client-audit-heading" className="space-y-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="client-audit-heading" className="text-xl font-semibold">
            Audit requests
          </h2>
          <p className="text-sm text-muted-foreground">
            Your auditors’ requests for {engagement.name} (period {engagement.periodStart} – {engagement.periodEnd}). Answer in each
            request’s thread (linking or uploading evidence) and resubmit, and provide the populations they sample from.
          </p>
        </div>
        {mine.length > 1 ? (
          <FormField id="client-audit-engagement" label="Engagement">
            <NativeSelect id="client-audit-engagement" value={engagement.id} onChange={(event) => setChosen(event.target.value)}>
              {mine.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
      </div>
      <EvidenceReview key={engagement.id} engagement={engagement} renderEvidenceUpload={renderEvidenceUpload} />
      <AuditSamples key={`samples-${engagement.id}`} engagement={engagement} />
    </section>
  );
}
