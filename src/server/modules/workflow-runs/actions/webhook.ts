import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ActionConfig } from '../../../../shared/schemas/workflow-runs.ts';
import { SIGNATURE_HEADER, signWebhook } from '../../integrations/webhook-signature.ts';
import { type ActionContext, type ActionResult, StepFailure } from './action-context.ts';

/**
 * The outgoing webhook: a JSON POST signed with the one webhook signature (integrations/webhook-signature.ts).
 * It is sent before the step's transaction (never holding one open over the network); a failure fails the
 * step job, which pg-boss retries with backoff, and the last attempt's failure fails the run. A receiver
 * deduplicates on `ComplianceCore-Delivery` (the run and step), since a crash after sending sends again.
 */

export interface WebhookDeps {
  fetch: typeof fetch;
  /** Development and tests post to local receivers; production refuses private and loopback addresses. */
  allowPrivateHosts: boolean;
}

const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^0\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return PRIVATE_V4.some((pattern) => pattern.test(address));
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
  return lower === '::1' || lower === '::' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}

async function refusePrivate(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  if (addresses.some(isPrivateAddress)) throw new StepFailure(`The webhook address ${url.host} is a private network address.`);
}

export interface WebhookCall {
  runId: string;
  seq: number;
  workflowId: string;
  organizationId: string;
  nodeId: string;
  data: Record<string, unknown>;
}

/** Posts the run's facts; answers the outcome, or throws (a 4xx is a StepFailure: retrying repeats it). */
export async function callWebhook(deps: WebhookDeps, config: ActionConfig<'webhook'>, call: WebhookCall, now = new Date()) {
  const url = new URL(config.url);
  if (!deps.allowPrivateHosts) await refusePrivate(url);
  const body = JSON.stringify({
    type: 'workflow.step',
    runId: call.runId,
    workflowId: call.workflowId,
    organizationId: call.organizationId,
    nodeId: call.nodeId,
    sentAt: now.toISOString(),
    data: call.data,
  });
  const response = await deps.fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(config.secret, body, now),
      'ComplianceCore-Delivery': `${call.runId}:${call.seq}`,
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
    throw new StepFailure(`The webhook answered ${response.status}.`);
  }
  if (!response.ok) throw new Error(`The webhook answered ${response.status}.`);
  return { status: response.status, url: `${url.origin}${url.pathname}` };
}

/** The step itself: the call happened before the transaction; this records it. */
export async function webhookAction(context: ActionContext<ActionConfig<'webhook'>>): Promise<ActionResult> {
  return { outcome: context.external ?? {}, next: { kind: 'continue' } };
}
