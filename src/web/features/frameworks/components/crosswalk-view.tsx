import { Link } from 'react-router';
import type { Crosswalk } from '../../../../shared/schemas/frameworks.ts';
import { Progress } from '../../../components/ui/progress.tsx';
import { plural } from '../framework-labels.ts';
import { useFrameworkHref } from '../use-framework-href.ts';
import { RelationBadge } from './requirement-item.tsx';

/**
 * "You have SOC 2; what ISO 27001 adds": the share already covered, the requirements partly covered,
 * the new controls (the work) with the evidence each asks for, and what no control can address.
 */
// eslint-disable-next-line max-lines-per-function -- the four sections of the crosswalk (covered, partly covered, new controls, unaddressed) read one comparison in order
export function CrosswalkView({ crosswalk }: { crosswalk: Crosswalk }) {
  const href = useFrameworkHref();
  const { to } = crosswalk;
  // "SOC 2 and ISO 27001": the sources pool their controls.
  const from = { name: new Intl.ListFormat('en', { type: 'conjunction' }).format(crosswalk.sources.map((source) => source.name)) };
  const requirementLink = (ref: string) => (
    <Link to={href(to.id, { ref })} className="font-mono text-xs underline-offset-2 hover:underline">
      {ref}
    </Link>
  );
  return (
    <section aria-labelledby="crosswalk-heading" className="space-y-6">
      <div className="space-y-2">
        <h3 id="crosswalk-heading" className="text-lg font-semibold">
          You have {from.name}; what {to.name} adds
        </h3>
        <p id="crosswalk-coverage" className="text-sm">
          <span className="text-2xl font-bold tabular-nums">{crosswalk.coverage}%</span> of {to.name}’s requirements are already covered by
          the controls {from.name} {crosswalk.sources.length > 1 ? 'need' : 'needs'}.
        </p>
        <Progress value={crosswalk.coverage} aria-labelledby="crosswalk-coverage" className="max-w-md" />
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <li>{plural(crosswalk.covered.length, 'requirement')} covered</li>
          <li>{plural(crosswalk.partial.length, 'requirement')} partly covered</li>
          <li>{plural(crosswalk.newControls.length, 'new control')}</li>
          <li>{plural(crosswalk.notAddressable.length, 'requirement')} not addressable by a control</li>
        </ul>
      </div>

      <section aria-labelledby="crosswalk-new-heading" className="space-y-3">
        <h4 id="crosswalk-new-heading" className="font-semibold">
          New controls ({crosswalk.newControls.length})
        </h4>
        {crosswalk.newControls.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            None: every control {to.name} needs is already part of {from.name}.
          </p>
        ) : (
          <ul aria-label="New controls" className="grid gap-3 lg:grid-cols-2">
            {crosswalk.newControls.map((control) => (
              <li key={control.id} className="space-y-2 rounded-lg border border-border bg-card p-3 text-sm">
                <p className="font-medium">
                  <span className="mr-2 font-mono text-xs text-muted-foreground">{control.id}</span>
                  {control.title}
                </p>
                <p className="text-xs text-muted-foreground">{control.domain}</p>
                <p>
                  <span className="font-medium">Evidence: </span>
                  {control.evidenceHint}
                </p>
                <p className="text-xs text-muted-foreground">
                  Fresh for {plural(control.freshnessDays, 'day')} · {plural(control.evidenceCount, 'evidence item')} on file
                </p>
                <ul aria-label={`${to.name} requirements ${control.id} serves`} className="flex flex-wrap gap-2">
                  {control.requirements.map((requirement) => (
                    <li key={requirement.ref} className="flex items-center gap-1">
                      {requirementLink(requirement.ref)}
                      <RelationBadge relation={requirement.relation} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <details className="rounded-lg border border-border p-3" open={crosswalk.partial.length > 0 && crosswalk.partial.length <= 10}>
        <summary className="cursor-pointer font-semibold">Partly covered ({crosswalk.partial.length})</summary>
        <ul className="mt-2 divide-y divide-border text-sm">
          {crosswalk.partial.map((requirement) => (
            <li key={requirement.ref} className="py-2">
              <p>
                {requirementLink(requirement.ref)} {requirement.title}
              </p>
              <p className="text-xs text-muted-foreground">
                Shared: {requirement.sharedControls.join(', ') || 'none'} · New: {requirement.newControls.join(', ') || 'none'}
              </p>
            </li>
          ))}
        </ul>
      </details>

      <details className="rounded-lg border border-border p-3">
        <summary className="cursor-pointer font-semibold">Already covered ({crosswalk.covered.length})</summary>
        <ul className="mt-2 divide-y divide-border text-sm">
          {crosswalk.covered.map((requirement) => (
            <li key={requirement.ref} className="py-2">
              <p>
                {requirementLink(requirement.ref)} {requirement.title}
              </p>
              <p className="text-xs text-muted-foreground">By {requirement.controls.join(', ')}</p>
            </li>
          ))}
        </ul>
      </details>

      {crosswalk.notAddressable.length > 0 ? (
        <details className="rounded-lg border border-border p-3">
          <summary className="cursor-pointer font-semibold">Not addressable by a control ({crosswalk.notAddressable.length})</summary>
          <ul className="mt-2 divide-y divide-border text-sm">
            {crosswalk.notAddressable.map((requirement) => (
              <li key={requirement.ref} className="py-2">
                <p>
                  {requirementLink(requirement.ref)} {requirement.title}
                </p>
                <p className="text-xs text-muted-foreground">{requirement.reason}</p>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
