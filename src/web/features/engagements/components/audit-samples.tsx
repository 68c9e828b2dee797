import type { AuditSample, Engagement } from '../../../../shared/schemas/engagements.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuditSamples } from '../api/engagements-api.ts';
import { PopulationUploadForm } from './population-upload-form.tsx';
import { SampleDrawForm } from './sample-draw-form.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Samples of one engagement (docs/audit.md): the populations the client (or staff) provided, each with its
 * SHA-256; the auditors draw once per population, and the drawn rows and the recorded seed are shown to all.
 */
export function AuditSamples({ engagement }: { engagement: Engagement }) {
  const samples = useAuditSamples(engagement.id);
  const mayUpload = engagement.side !== 'auditor';
  const mayDraw = engagement.side === 'auditor';
  return (
    <section aria-labelledby={`samples-heading-${engagement.id}`} className="space-y-4">
      <div>
        <h3 id={`samples-heading-${engagement.id}`} className="text-lg font-semibold">
          Samples
        </h3>
        <p className="text-sm text-muted-foreground">
          {mayDraw
            ? 'Draw a sample of a chosen size from each population; the seed is recorded, so the draw can be reproduced.'
            : 'Provide populations as CSV (for example the new hires of the period); once the auditors draw, the selected rows need evidence.'}
        </p>
      </div>
      {mayUpload ? <PopulationUploadForm engagementId={engagement.id} /> : null}
      {samples.isPending ? <Spinner label="Loading the samples" /> : null}
      {samples.error ? (
        <Alert variant="destructive" role="alert">
          {samples.error.message}
        </Alert>
      ) : null}
      {samples.data && samples.data.samples.length === 0 ? (
        <p className="text-sm text-muted-foreground">No population has been provided yet.</p>
      ) : null}
      {samples.data && samples.data.samples.length > 0 ? (
        <ul className="space-y-4" aria-label="Populations">
          {samples.data.samples.map((sample) => (
            <li key={sample.id} className="space-y-3 rounded-lg border p-3">
              <SampleCard sample={sample} />
              {!sample.selected && mayDraw ? <SampleDrawForm engagementId={engagement.id} sample={sample} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SampleCard({ sample }: { sample: AuditSample }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium">{sample.name}</h4>
        <Badge tone={sample.selected ? 'green' : 'neutral'}>{sample.selected ? 'Drawn' : 'Not drawn yet'}</Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Rows</dt>
        <dd>{sample.populationSize}</dd>
        <dt className="text-muted-foreground">SHA-256</dt>
        <dd className="font-mono text-xs break-all">{sample.populationSha256}</dd>
        <dt className="text-muted-foreground">Uploaded</dt>
        <dd>
          {when(sample.uploadedAt)}
          {sample.uploadedByName ? ` by ${sample.uploadedByName}` : ''}
        </dd>
        {sample.selected ? (
          <>
            <dt className="text-muted-foreground">Sample size</dt>
            <dd>{sample.sampleSize}</dd>
            <dt className="text-muted-foreground">Seed</dt>
            <dd className="font-mono text-xs break-all">{sample.seed}</dd>
            <dt className="text-muted-foreground">Drawn</dt>
            <dd>
              {sample.drawnAt ? when(sample.drawnAt) : null}
              {sample.drawnByName ? ` by ${sample.drawnByName}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {sample.selected && sample.selectedRows ? (
        <SelectedRows sample={sample} rows={sample.selectedRows} indices={sample.selected} />
      ) : null}
    </>
  );
}

function SelectedRows({ sample, rows, indices }: { sample: AuditSample; rows: string[][]; indices: number[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Selected rows of ${sample.name}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Rows selected from {sample.name}, in draw order</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="px-2 py-1 font-medium">
              Row
            </th>
            {sample.header.map((column, index) => (
              <th key={`${index}-${column}`} scope="col" className="px-2 py-1 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, position) => (
            <tr key={indices[position]} className="border-b last:border-0">
              <td className="px-2 py-1 font-mono text-xs">{(indices[position] ?? 0) + 1}</td>
              {sample.header.map((_, column) => (
                <td key={column} className="px-2 py-1">
                  {row[column] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
