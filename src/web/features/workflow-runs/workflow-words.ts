import { DOMAIN_EVENT_LABELS } from '../../../shared/schemas/domain-events.ts';
import type { RunStatus, WorkflowTrigger } from '../../../shared/schemas/workflow-runs.ts';
import { workspaceHref } from '../../../shared/workspace-links.ts';
import { scheduleWords } from './schedule-words.ts';

/** Words for triggers, statuses and times on the workflow screens. */

export function triggerWords(trigger: WorkflowTrigger): string {
  if (trigger.kind === 'manual') return 'Manual (Run now)';
  if (trigger.kind === 'event') return `When: ${DOMAIN_EVENT_LABELS[trigger.eventType]}`;
  return `Schedule: ${scheduleWords(trigger.rrule)}`;
}

export const RUN_STATUS_TONE: Record<RunStatus, 'neutral' | 'info' | 'green' | 'yellow' | 'red'> = {
  running: 'info',
  waiting: 'yellow',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'neutral',
};

export const RUN_STATUS_WORDS: Record<RunStatus, string> = {
  running: 'Running',
  waiting: 'Waiting',
  succeeded: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function when(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}
export function day(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** The Workflow Builder on an organization's workflow (the template builder keeps `template=<id>`). */
export function organizationBuilderPath(workflowId: string): string {
  return workspaceHref.workflowBuilder({ workflowId });
}
