import { type Edge, ReactFlowProvider } from '@xyflow/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FlowNode } from '../lib/workflow-graph.ts';
import { WorkflowCanvas } from './workflow-canvas.tsx';
import { stubResizeObserverPerTest } from '../../../tests/stub-resize-observer.ts';

const nodes: FlowNode[] = [
  { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Start' } },
  { id: 'end', type: 'end', position: { x: 240, y: 0 }, data: { label: 'Done' }, selected: true },
];
const edges: Edge[] = [{ id: 'e1', source: 'start', target: 'end' }];

// React Flow measures nodes; jsdom has no layout.
stubResizeObserverPerTest();

function renderCanvas() {
  render(
    <ReactFlowProvider>
      <WorkflowCanvas
        name="Quarterly access review"
        nodes={nodes}
        edges={edges}
        nodeTypes={{}}
        onNodesChange={vi.fn()}
        onEdgesChange={vi.fn()}
        onConnect={vi.fn()}
        onEdited={vi.fn()}
      />
    </ReactFlowProvider>,
  );
}

describe('WorkflowCanvas', () => {
  it('names the diagram after the workflow, with zoom controls and no attribution', () => {
    renderCanvas();
    const canvas = screen.getByTestId('workflow-canvas');
    expect(canvas.querySelector('[aria-label="Workflow diagram: Quarterly access review"]')).not.toBeNull();
    expect(canvas.querySelector('.react-flow__controls')).not.toBeNull();
    expect(canvas.querySelector('.react-flow__attribution')).toBeNull();
  });
});
