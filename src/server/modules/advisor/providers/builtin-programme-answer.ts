import { CONTROL_STATUS_LABELS, CONTROL_STATUSES } from '../../../../shared/schemas/programme-statuses.ts';
import type { ProgrammeFacts } from '../advisor-programme.ts';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/**
 * The builtin advisor's answer to a question about the client's own programme ("where do we stand on
 * SOC 2?"), in sentences, from that client's readiness, controls and evidence only.
 */

const MAX_GAPS = 3;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function programmeAnswer(facts: ProgrammeFacts): { lines: string[]; references: string[] } {
  const lines: string[] = [];
  const references: string[] = [];
  if (facts.frameworks.length === 0) {
    lines.push(
      `${facts.organizationName} has not activated a framework yet, so there is no readiness to report. Activate one on the [Frameworks tab](${workspaceHref.framework(null)}): the controls it needs come into scope and readiness is computed from your own evidence.`,
    );
    return { lines, references };
  }
  lines.push(`Here is where ${facts.organizationName} stands, from your own controls and evidence:`, '');
  for (const framework of facts.frameworks) {
    const target = framework.targetDate ? ` Your target date is ${framework.targetDate}.` : '';
    lines.push(
      `- **${framework.name}: ${framework.score}% ready.** ${plural(framework.met, 'requirement')} met, ${framework.partial} partly met and ${framework.notMet} not met.${target}`,
    );
    const gaps = framework.gaps.slice(0, MAX_GAPS);
    if (gaps.length > 0) {
      lines.push(`  The first gaps: ${gaps.map((gap) => `${gap.citation} ${gap.title} (${gap.reason})`).join('; ')}.`);
      references.push(...gaps.map((gap) => gap.citation));
    }
  }
  const statuses = CONTROL_STATUSES.filter((status) => (facts.controls[status] ?? 0) > 0).map(
    (status) => `${facts.controls[status] ?? 0} ${CONTROL_STATUS_LABELS[status].toLowerCase()}`,
  );
  if (statuses.length > 0) lines.push('', `Your controls in scope: ${statuses.join(', ')}.`);
  if (facts.stale.length > 0) {
    lines.push(
      `${plural(facts.stale.length, 'evidence item has', 'evidence items have')} gone stale: ${facts.stale.map((item) => item.title).join(', ')}. ${facts.stale.length === 1 ? 'Renew it first: its controls count' : 'Renew them first: their controls count'} as not implemented until you do.`,
    );
  }
  if (facts.expiring.length > 0) {
    lines.push(
      `${plural(facts.expiring.length, 'item expires', 'items expire')} within 30 days: ${facts.expiring.map((item) => `${item.title} (${item.expiresAt.slice(0, 10)})`).join(', ')}.`,
    );
  }
  lines.push('', `The [Compliance tab](${workspaceHref.compliance()}) lists every requirement with its reason and the next actions.`);
  return { lines, references };
}
