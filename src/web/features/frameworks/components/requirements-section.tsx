import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { FrameworkDetail } from '../../../../shared/schemas/frameworks.ts';
import { MAPPING_RELATIONS, MAPPING_RELATION_LABELS } from '../../../../shared/schemas/programme-statuses.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { plural } from '../framework-labels.ts';
import { ancestorRefs, buildRequirementTree, countLeaves, filterRequirementTree, filterWords, groupRefs } from '../requirement-tree.ts';
import { RelationBadge } from './requirement-item.tsx';
import { RequirementTreeView } from './requirement-tree-view.tsx';

function refFromHash(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/**
 * The framework page's requirements: a tree filtered by words, a legend of the mapping relations, and
 * the requirement named in the URL fragment (a search hit, a crosswalk link) opened, shown and focused.
 */
export function RequirementsSection({ framework }: { framework: FrameworkDetail }) {
  const id = useId();
  const { hash } = useLocation();
  const [filter, setFilter] = useState('');
  const tree = useMemo(() => buildRequirementTree(framework.requirements), [framework.requirements]);
  const shown = useMemo(() => filterRequirementTree(tree, filterWords(filter)), [tree, filter]);
  const targetRef = refFromHash(hash);
  const [openRefs, setOpenRefs] = useState<ReadonlySet<string>>(
    () => new Set(targetRef ? ancestorRefs(framework.requirements, targetRef) : []),
  );

  useEffect(() => {
    if (!targetRef) return;
    setOpenRefs((current) => new Set([...current, ...ancestorRefs(framework.requirements, targetRef)]));
    setFilter('');
    // After the ancestors have rendered open: bring the requirement into view and give it focus.
    const frame = requestAnimationFrame(() => {
      const element = document.getElementById(targetRef);
      element?.scrollIntoView?.({ block: 'start' });
      element?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [targetRef, framework.requirements]);

  const toggle = (ref: string) =>
    setOpenRefs((current) => {
      const next = new Set(current);
      if (next.has(ref)) next.delete(ref);
      else next.add(ref);
      return next;
    });
  const isFiltered = filterWords(filter).length > 0;
  const matches = countLeaves(shown);

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        Requirements
      </h3>
      <details className="rounded-md border border-border p-3 text-sm">
        <summary className="cursor-pointer font-medium">How a control relates to a requirement</summary>
        <dl className="mt-2 grid gap-2 sm:grid-cols-2">
          {MAPPING_RELATIONS.map((relation) => (
            <div key={relation} className="flex items-start gap-2">
              <dt>
                <RelationBadge relation={relation} />
              </dt>
              <dd className="text-muted-foreground">{MAPPING_RELATION_LABELS[relation].replace(/^\w+: /, '')}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchField
          id={`${id}-filter`}
          label="Filter requirements"
          value={filter}
          onChange={setFilter}
          placeholder="An id, words, or a control (A.8.11, masking, DP-04)"
        />
        {isFiltered ? null : (
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setOpenRefs(new Set(groupRefs(tree)))}>
              Expand all
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setOpenRefs(new Set())}>
              Collapse all
            </Button>
          </div>
        )}
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {isFiltered ? `${plural(matches, 'requirement')} match “${filter.trim()}”.` : `${plural(countLeaves(tree), 'requirement')}.`}
      </p>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
          No requirement matches. Try fewer words, or an id such as{' '}
          {framework.requirements.find((r) => r.assessable)?.ref ?? 'one from the list'}.
        </p>
      ) : (
        <RequirementTreeView nodes={shown} openRefs={openRefs} isFiltered={isFiltered} onToggle={toggle} targetRef={targetRef} />
      )}
    </section>
  );
}
