import { describe, expect, it } from 'vitest';
import type { WorkflowEdge, WorkflowNode } from '../schemas/workflows.ts';
import { validateWorkflowGraph } from './workflow-validation.ts';

const at = { x: 0, y: 0 };
const start: WorkflowNode = { id: 's', type: 'start', position: at, data: { label: 'Start' } };
const end: WorkflowNode = { id: 'e', type: 'end', position: at, data: { label: 'End' } };
const task: WorkflowNode = {
  id: 't',
  type: 'action',
  position: at,
  data: { label: 'Task', actionType: 'create_task_request', configuration: { title: 'Review access' } },
};
const edge = (source: string, target: string, sourceHandle?: string): WorkflowEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  sourceHandle,
});

describe('workflow validation before publishing', () => {
  it('accepts a start → action → end line', () => {
    expect(validateWorkflowGraph({ nodes: [start, task, end], edges: [edge('s', 't'), edge('t', 'e')] })).toEqual([]);
  });

  it('names the node of each problem', () => {
    const badAction: WorkflowNode = { ...task, id: 'bad', data: { label: 'Bad', actionType: 'teleport' } };
    const badConfig: WorkflowNode = {
      ...task,
      id: 'cfg',
      data: { label: 'Cfg', actionType: 'webhook', configuration: { url: 'ftp://x', secret: 'short' } },
    };
    const decision: WorkflowNode = { id: 'd', type: 'decision', position: at, data: { label: 'Decide' } };
    const lonely: WorkflowNode = { ...task, id: 'lonely' };
    const problems = validateWorkflowGraph({
      nodes: [start, badAction, badConfig, decision, lonely, end],
      edges: [edge('s', 'bad'), edge('bad', 'cfg'), edge('cfg', 'd'), edge('d', 'e', 'yes')],
    });
    const on = (id: string) => problems.filter((problem) => problem.nodeId === id).map((problem) => problem.message);
    expect(on('bad').join()).toContain('teleport');
    expect(on('cfg').some((message) => message.startsWith('url:'))).toBe(true);
    expect(on('cfg').some((message) => message.startsWith('secret:'))).toBe(true);
    expect(on('d')).toEqual(
      expect.arrayContaining(['A decision needs a condition.', 'Connect exactly one “yes” branch and one “no” branch.']),
    );
    expect(on('lonely')).toContain('This step cannot be reached from the start.');
  });

  it('needs one start and a path to an end from every step', () => {
    const loop: WorkflowNode = { ...task, id: 'loop' };
    const problems = validateWorkflowGraph({
      nodes: [start, { ...start, id: 's2' }, loop, end],
      edges: [edge('s', 'loop'), edge('loop', 'loop')],
    });
    expect(problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining(['A workflow has exactly one start.', 'No path from this step reaches an end.']),
    );
  });

  it('refuses a decision whose condition is not the safe language', () => {
    const decision: WorkflowNode = {
      id: 'd',
      type: 'decision',
      position: at,
      data: { label: 'D', configuration: { expression: 'process.exit()' } },
    };
    const problems = validateWorkflowGraph({
      nodes: [start, decision, end],
      edges: [edge('s', 'd'), edge('d', 'e', 'yes'), { ...edge('d', 'e', 'no'), id: 'n' }],
    });
    expect(problems).toEqual([{ nodeId: 'd', message: expect.stringContaining('not allowed') }]);
  });

  it('names a configuration field left empty as required', () => {
    const webhook: WorkflowNode = { id: 'w', type: 'action', position: at, data: { label: 'W', actionType: 'webhook', configuration: {} } };
    const problems = validateWorkflowGraph({ nodes: [start, webhook, end], edges: [edge('s', 'w'), edge('w', 'e')] });
    expect(problems).toEqual([
      { nodeId: 'w', message: 'url: Required' },
      { nodeId: 'w', message: 'secret: Required' },
    ]);
  });
});
