import { Plus, Save, Trash2 } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { type FlowNode, NODE_TYPE_LABELS, newActionNode } from '../../../lib/workflow-graph.ts';

/**
 * Everything the canvas does, by keyboard too: pick a step from the list, rename it, add an action
 * step, remove one, and save the result as a new version.
 */
export function StepPanel({
  nodes,
  selectedId,
  onSelect,
  onChangeNodes,
  onRemoveEdgesOf,
  onSave,
  isSaving,
  isDirty,
}: {
  nodes: FlowNode[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  onChangeNodes: Dispatch<SetStateAction<FlowNode[]>>;
  onRemoveEdgesOf: (id: string) => void;
  onSave: () => void;
  isSaving: boolean;
  isDirty: boolean;
}) {
  const selected = nodes.find((node) => node.id === selectedId) ?? null;
  const ordered = [...nodes].sort((a, b) => a.position.x - b.position.x);
  return (
    <aside aria-label="Workflow steps" className="space-y-4 rounded-lg border border-border p-4">
      <div>
        <h3 className="text-sm font-semibold">Steps</h3>
        <ol className="mt-2 space-y-1">
          {ordered.map((node) => (
            <li key={node.id}>
              <button
                type="button"
                aria-pressed={node.id === selectedId}
                onClick={() => onSelect(node.id === selectedId ? null : node.id)}
                className={cn(
                  'w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                  node.id === selectedId && 'bg-muted font-medium',
                )}
              >
                <span className="text-muted-foreground">{NODE_TYPE_LABELS[node.type ?? 'action']}: </span>
                {node.data.label}
              </button>
            </li>
          ))}
        </ol>
      </div>
      {selected ? (
        <div className="space-y-2 border-t border-border pt-4">
          <Label htmlFor="step-label">Label of the selected step</Label>
          <Input
            id="step-label"
            value={selected.data.label}
            maxLength={200}
            onChange={(event) => {
              const label = event.target.value;
              onChangeNodes((current) =>
                current.map((node) => (node.id === selected.id ? { ...node, data: { ...node.data, label } } : node)),
              );
            }}
          />
          {selected.type === 'action' ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                onChangeNodes((current) => current.filter((node) => node.id !== selected.id));
                onRemoveEdgesOf(selected.id);
                onSelect(null);
              }}
            >
              <Trash2 aria-hidden /> Remove this step
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="border-t border-border pt-4 text-sm text-muted-foreground">
          Select a step to rename it. Drag steps on the canvas; connect them by their handles.
        </p>
      )}
      <div className="flex flex-col gap-2 border-t border-border pt-4">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            const node = newActionNode(nodes);
            onChangeNodes((current) => [...current, node]);
            onSelect(node.id);
          }}
        >
          <Plus aria-hidden /> Add action step
        </Button>
        <Button type="button" onClick={onSave} disabled={isSaving || !isDirty || nodes.some((node) => node.data.label.trim() === '')}>
          <Save aria-hidden /> {isSaving ? 'Saving…' : 'Save as new version'}
        </Button>
      </div>
    </aside>
  );
}
