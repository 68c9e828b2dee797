import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { readJson } from '../../../../tests/read-response.ts';
import type { WorkflowRunDetail } from '../../../shared/schemas/workflow-runs.ts';
import { workflowRunDetailSchema } from '../../../shared/schemas/workflow-runs.ts';
import type { OrganizationWorkflow, WorkflowEdge, WorkflowNode } from '../../../shared/schemas/workflows.ts';
import { organizationWorkflowSchema } from '../../../shared/schemas/workflows.ts';

/** Test helpers for workflows: API calls, a graph builder, a private template, polling a run. */

export type Method = 'GET' | 'POST' | 'PUT';

export function caller(app: () => FastifyInstance) {
  return (token: string, method: Method, url: string, payload?: object) =>
    app().inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
}

const at = (index: number) => ({ x: index * 200, y: 0 });

/** start → the given actions in a line → end. */
export function line(actions: { actionType: string; configuration: Record<string, string | number | boolean> }[]): {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
} {
  const nodes: WorkflowNode[] = [
    { id: 'start', type: 'start', position: at(0), data: { label: 'Start' } },
    ...actions.map((action, index) => ({
      id: `a${index + 1}`,
      type: 'action' as const,
      position: at(index + 1),
      data: { label: action.actionType, actionType: action.actionType, configuration: action.configuration },
    })),
    { id: 'end', type: 'end', position: at(actions.length + 1), data: { label: 'End' } },
  ];
  const ids = nodes.map((node) => node.id);
  const edges = ids.slice(1).map((target, index) => ({ id: `e${index}`, source: ids[index] ?? '', target }));
  return { nodes, edges };
}

/** A workflow in the organization from a public template (the library's first), replaced by `graph` and published. */
export async function publishedWorkflow(
  call: ReturnType<typeof caller>,
  token: string,
  organizationId: string,
  templateId: string,
  graph: { nodes: WorkflowNode[]; edges: WorkflowEdge[] },
  trigger: OrganizationWorkflow['trigger'] = { kind: 'manual' },
): Promise<OrganizationWorkflow> {
  const created = await call(token, 'POST', '/api/v1/organization-workflows', { organizationId, templateId });
  expect(created.statusCode, created.body).toBe(201);
  const workflow = readJson(created, organizationWorkflowSchema);
  const saved = await call(token, 'PUT', `/api/v1/organization-workflows/${workflow.id}`, { ...graph, trigger });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await call(token, 'POST', `/api/v1/organization-workflows/${workflow.id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return readJson(published, organizationWorkflowSchema);
}

export async function pollRun(
  call: ReturnType<typeof caller>,
  token: string,
  runId: string,
  until: (run: WorkflowRunDetail) => boolean,
): Promise<WorkflowRunDetail> {
  let last: WorkflowRunDetail | undefined;
  await expect
    .poll(
      async () => {
        last = readJson(await call(token, 'GET', `/api/v1/workflow-runs/${runId}`), workflowRunDetailSchema);
        return until(last);
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
  return last as WorkflowRunDetail;
}
