import { useId, useState } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import type { CreateAttestationCampaignInput } from '../../../../shared/schemas/attestations.ts';

/**
 * Who a new campaign asks (docs/policies.md "Audiences by group"): everyone active, chosen departments, or
 * the identity provider's groups (SCIM), as a radio group (one Tab stop, arrows move) and a checkbox list.
 */

export interface Choice {
  id: string;
  label: string;
  /** Shown beside the label and read after it (aria-describedby). */
  hint?: string;
}

/** A group the identity provider pushed (SCIM), with how many active people it has now. */
export interface GroupChoice {
  id: string;
  name: string;
  activeMembers: number;
}

type AudienceKind = 'all' | 'departments' | 'groups';

export function CheckList({
  legend,
  choices,
  chosen,
  onChange,
}: {
  legend: string;
  choices: Choice[];
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      {choices.map((choice, index) => (
        <div key={choice.id} className="flex items-center gap-2">
          <input
            id={`${id}-${index}`}
            type="checkbox"
            className="size-4"
            checked={chosen.includes(choice.id)}
            aria-describedby={choice.hint ? `${id}-${index}-hint` : undefined}
            onChange={(event) => onChange(event.target.checked ? [...chosen, choice.id] : chosen.filter((value) => value !== choice.id))}
          />
          <Label htmlFor={`${id}-${index}`} className="font-normal">
            {choice.label}
          </Label>
          {choice.hint ? (
            <span id={`${id}-${index}-hint`} className="text-xs text-muted-foreground">
              {choice.hint}
            </span>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}

function AudienceChoice({
  kind,
  onChange,
  hasDepartments,
  hasGroups,
}: {
  kind: AudienceKind;
  onChange: (next: AudienceKind) => void;
  hasDepartments: boolean;
  hasGroups: boolean;
}) {
  const id = useId();
  const options: { value: AudienceKind; label: string; isAvailable: boolean }[] = [
    { value: 'all', label: 'Everyone active on the roster', isAvailable: true },
    { value: 'departments', label: 'By department', isAvailable: hasDepartments },
    { value: 'groups', label: 'By group', isAvailable: hasGroups },
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Who is asked</legend>
      {options
        .filter((option) => option.isAvailable)
        .map((option) => (
          <div key={option.value} className="flex items-center gap-2">
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={`${id}-audience`}
              className="size-4"
              checked={kind === option.value}
              onChange={() => onChange(option.value)}
            />
            <Label htmlFor={`${id}-${option.value}`} className="font-normal">
              {option.label}
            </Label>
          </div>
        ))}
      {hasGroups ? null : (
        <p className="text-xs text-muted-foreground">
          Groups appear here once your identity provider (Okta, Microsoft Entra) pushes them through SCIM.
        </p>
      )}
    </fieldset>
  );
}

/** The audience the form sends, or null while the chosen kind has nothing ticked. */
function audienceOf(kind: AudienceKind, departments: string[], groupIds: string[]): CreateAttestationCampaignInput['audience'] | null {
  if (kind === 'departments') return departments.length > 0 ? { kind, departments } : null;
  if (kind === 'groups') return groupIds.length > 0 ? { kind, groupIds } : null;
  return { kind: 'all' };
}

export function useCampaignAudience() {
  const [kind, setKind] = useState<AudienceKind>('all');
  const [departments, setDepartments] = useState<string[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  return { kind, setKind, departments, setDepartments, groupIds, setGroupIds, audience: audienceOf(kind, departments, groupIds) };
}

export function CampaignAudienceFields({
  state,
  departments,
  groups,
}: {
  state: ReturnType<typeof useCampaignAudience>;
  departments: string[];
  groups: GroupChoice[];
}) {
  return (
    <>
      <AudienceChoice kind={state.kind} onChange={state.setKind} hasDepartments={departments.length > 0} hasGroups={groups.length > 0} />
      {state.kind === 'departments' ? (
        <CheckList
          legend="Departments"
          choices={departments.map((department) => ({ id: department, label: department }))}
          chosen={state.departments}
          onChange={state.setDepartments}
        />
      ) : null}
      {state.kind === 'groups' ? (
        <>
          <CheckList
            legend="Groups"
            choices={groups.map((group) => ({
              id: group.id,
              label: group.name,
              hint: `${group.activeMembers} active ${group.activeMembers === 1 ? 'person' : 'people'}`,
            }))}
            chosen={state.groupIds}
            onChange={state.setGroupIds}
          />
          <p className="text-xs text-muted-foreground">
            The groups’ active members are asked when the campaign starts; people your identity provider adds to a group while it is open
            are asked too. Leavers are taken off.
          </p>
        </>
      ) : null}
    </>
  );
}
