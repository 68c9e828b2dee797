import { useState } from 'react';
import { ENDPOINT_ACCESS } from '../../../../shared/permissions.ts';
import { DOMAIN_EVENT_LABELS, DOMAIN_EVENT_TYPES, type DomainEventType } from '../../../../shared/schemas/domain-events.ts';
import type { WorkflowTrigger } from '../../../../shared/schemas/workflow-runs.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useCan } from '../../auth/access.ts';
import { useSchedulePreview, useUpdateTimeZone } from '../api/workflow-builder-api.ts';
import { SCHEDULE_PRESETS } from '../builder-graph.ts';

const KINDS = [
  { value: 'manual', label: 'Manual (Run now)' },
  { value: 'schedule', label: 'On a schedule' },
  { value: 'event', label: 'When something happens' },
] as const;

function defaultStart(): string {
  const tomorrow = new Date(Date.now() + 86_400_000);
  return `${tomorrow.toISOString().slice(0, 10)}T09:00`;
}

function zoneNames(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

/** The organization's time zone: shown, and changeable by a client manager or the staff serving them. */
function TimeZoneSetting({ organizationId, timeZone }: { organizationId: string; timeZone: string | undefined }) {
  const canChange = useCan(ENDPOINT_ACCESS.manageOrganizationTimeZone);
  const update = useUpdateTimeZone(organizationId);
  const [choice, setChoice] = useState<string | null>(null);
  if (!timeZone) return null;
  if (!canChange) return <p className="text-sm text-muted-foreground">Times are in the organization’s time zone, {timeZone}.</p>;
  const value = choice ?? timeZone;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <FormField id="organization-time-zone" label="Organization time zone" className="min-w-56">
        <NativeSelect id="organization-time-zone" value={value} onChange={(event) => setChoice(event.target.value)}>
          {zoneNames().map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button
        type="button"
        variant="outline"
        disabled={value === timeZone || update.isPending}
        onClick={() =>
          update.mutate(value, {
            onSuccess: (saved) => {
              setChoice(null);
              toast({
                title: `Time zone set to ${saved.timeZone}`,
                description: 'Schedules and the calendar follow it.',
                variant: 'success',
              });
            },
            onError: (error) => toast({ title: 'The time zone was not saved', description: error.message, variant: 'destructive' }),
          })
        }
      >
        Save time zone
      </Button>
    </div>
  );
}

const dateTime = (timeZone: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone });

/** The trigger of the draft: manual, a schedule (preset or RRULE, from a start) with its next occurrences, or a domain event. */
// eslint-disable-next-line max-lines-per-function -- one fieldset switching between manual, schedule and event triggers, sharing the draft's trigger state and the next-occurrence preview
export function TriggerSettings({
  organizationId,
  trigger,
  onChange,
}: {
  organizationId: string;
  trigger: WorkflowTrigger;
  onChange: (trigger: WorkflowTrigger) => void;
}) {
  const schedule = trigger.kind === 'schedule' ? { rrule: trigger.rrule, start: trigger.start } : null;
  const preview = useSchedulePreview(organizationId, schedule);
  const preset = schedule
    ? (SCHEDULE_PRESETS.find((option) => option.value === schedule.rrule.replace(/^RRULE:/, ''))?.value ?? 'custom')
    : '';
  return (
    <fieldset className="space-y-3 rounded-lg border border-border p-4" data-testid="trigger-settings">
      <legend className="px-1 text-sm font-semibold">Trigger</legend>
      <p className="text-sm text-muted-foreground">Saved with the draft; it takes effect when you publish.</p>
      <FormField id="trigger-kind" label="Runs">
        <NativeSelect
          id="trigger-kind"
          value={trigger.kind}
          onChange={(event) => {
            const kind = event.target.value as WorkflowTrigger['kind'];
            if (kind === 'manual') onChange({ kind: 'manual' });
            else if (kind === 'schedule') onChange({ kind: 'schedule', rrule: 'FREQ=MONTHLY', start: defaultStart() });
            else onChange({ kind: 'event', eventType: DOMAIN_EVENT_TYPES[0] });
          }}
        >
          {KINDS.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {trigger.kind === 'schedule' ? (
        <div className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="schedule-preset" label="Repeats">
              <NativeSelect
                id="schedule-preset"
                value={preset}
                onChange={(event) => {
                  if (event.target.value !== 'custom') onChange({ ...trigger, rrule: event.target.value });
                }}
              >
                {SCHEDULE_PRESETS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
                <option value="custom">Custom rule…</option>
              </NativeSelect>
            </FormField>
            <FormField id="schedule-start" label="First run (date and time)" description="Later runs keep its weekday, day and time.">
              <Input
                id="schedule-start"
                type="datetime-local"
                value={trigger.start}
                onChange={(event) => {
                  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(event.target.value)) onChange({ ...trigger, start: event.target.value });
                }}
              />
            </FormField>
          </div>
          <FormField
            id="schedule-rrule"
            label="Recurrence rule (RRULE)"
            description="For anything the presets do not say, e.g. FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1 (the first Monday)."
            error={preview.isError ? preview.error.message : undefined}
          >
            <Input
              id="schedule-rrule"
              value={trigger.rrule}
              onChange={(event) => onChange({ ...trigger, rrule: event.target.value.toUpperCase() })}
            />
          </FormField>
          <div aria-live="polite">
            {preview.data ? (
              <>
                <p className="text-sm font-medium">Next runs ({preview.data.timeZone})</p>
                {preview.data.occurrences.length === 0 ? (
                  <p className="text-sm text-muted-foreground">This rule has no more occurrences.</p>
                ) : (
                  <ol className="list-decimal pl-5 text-sm" data-testid="schedule-preview">
                    {preview.data.occurrences.map((occurrence) => (
                      <li key={occurrence}>{dateTime(preview.data.timeZone).format(new Date(occurrence))}</li>
                    ))}
                  </ol>
                )}
              </>
            ) : preview.isPending ? (
              <p className="text-sm text-muted-foreground">Working out the next runs…</p>
            ) : null}
          </div>
          <TimeZoneSetting organizationId={organizationId} timeZone={preview.data?.timeZone} />
        </div>
      ) : null}
      {trigger.kind === 'event' ? (
        <FormField id="trigger-event" label="When">
          <NativeSelect
            id="trigger-event"
            value={trigger.eventType}
            onChange={(event) => onChange({ kind: 'event', eventType: event.target.value as DomainEventType })}
          >
            {DOMAIN_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {DOMAIN_EVENT_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
    </fieldset>
  );
}
