import type { Edge } from '@xyflow/react';
import { CircleAlert, Link2, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { WORKFLOW_ACTION_LABELS, WORKFLOW_ACTION_TYPES, type WorkflowActionType } from '../../../../shared/schemas/workflow-runs.ts';
import { isActionType } from '../../../../shared/rules/workflow-validation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { WorkflowProblem } from '../../../../shared/schemas/workflows.ts';
import { type FlowNode, NODE_TYPE_LABELS } from '../../../lib/workflow-graph.ts';
import { branchOptions, configFields } from '../builder-graph.ts';

type Configuration = NonNullable<FlowNode['data']['configuration']>;

/** The form of an action's configuration, one field per key of its zod schema. */
function ActionConfiguration({
  node,
  actionType,
  onConfigure,
}: {
  node: FlowNode;
  actionType: WorkflowActionType;
  onConfigure: (configuration: Configuration) => void;
}) {
  const configuration = node.data.configuration ?? {};
  const set = (key: string, value: string | number | undefined) => {
    const next = { ...configuration };
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    onConfigure(next);
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">Configuration</legend>
      {configFields(actionType).map((field) => {
        const id = `config-${node.id}-${field.key}`;
        const value = configuration[field.key];
        const text = value === undefined ? '' : String(value);
        return (
          <FormField key={field.key} id={id} label={field.label} required={field.required}>
            {field.kind === 'select' ? (
              <NativeSelect id={id} value={text} onChange={(event) => set(field.key, event.target.value)}>
                {field.required ? <option value="">Choose…</option> : <option value="">Default</option>}
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            ) : field.kind === 'textarea' ? (
              <Textarea id={id} value={text} rows={3} onChange={(event) => set(field.key, event.target.value)} />
            ) : field.kind === 'number' ? (
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                value={text}
                onChange={(event) => set(field.key, event.target.value === '' ? undefined : Number(event.target.value))}
              />
            ) : (
              <Input
                id={id}
                type={field.kind === 'url' ? 'url' : 'text'}
                value={text}
                onChange={(event) => set(field.key, event.target.value)}
              />
            )}
          </FormField>
        );
      })}
    </fieldset>
  );
}

/** The selected node's next steps: each edge (removable) and a form to connect another, by keyboard too. */
function Connections({
  node,
  nodes,
  edges,
  onConnect,
  onRemoveEdge,
}: {
  node: FlowNode;
  nodes: FlowNode[];
  edges: Edge[];
  onConnect: (target: string, sourceHandle: string) => void;
  onRemoveEdge: (id: string) => void;
}) {
  const branches = branchOptions(node);
  const [target, setTarget] = useState('');
  const [branch, setBranch] = useState(branches[0]?.value ?? '');
  const outgoing = edges.filter((edge) => edge.source === node.id);
  const label = (id: string) => nodes.find((candidate) => candidate.id === id)?.data.label ?? id;
  const targets = nodes.filter((candidate) => candidate.id !== node.id && candidate.type !== 'start');
  if (node.type === 'end') return null;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">Next steps</legend>
      {outgoing.length === 0 ? <p className="text-sm text-muted-foreground">Not connected yet.</p> : null}
      <ul className="space-y-1">
        {outgoing.map((edge) => (
          <li key={edge.id} className="flex items-center justify-between gap-2 text-sm">
            <span>
              {edge.sourceHandle ? <strong>{edge.sourceHandle}: </strong> : null}
              {label(edge.target)}
            </span>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label={`Remove the connection to ${label(edge.target)}`}
              onClick={() => onRemoveEdge(edge.id)}
            >
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div className="grid gap-2">
        <FormField id={`connect-${node.id}-target`} label="Connect to">
          <NativeSelect id={`connect-${node.id}-target`} value={target} onChange={(event) => setTarget(event.target.value)}>
            <option value="">Choose a step…</option>
            {targets.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {NODE_TYPE_LABELS[candidate.type ?? 'action']}: {candidate.data.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {branches.length > 1 ? (
          <FormField id={`connect-${node.id}-branch`} label="Branch">
            <NativeSelect id={`connect-${node.id}-branch`} value={branch} onChange={(event) => setBranch(event.target.value)}>
              {branches.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!target}
          onClick={() => {
            onConnect(target, branch);
            setTarget('');
          }}
        >
          <Link2 aria-hidden /> Connect
        </Button>
      </div>
    </fieldset>
  );
}

/** The side panel: configure the selected node (label, action and its configuration, or a decision's condition), its connections and its problems. */
// eslint-disable-next-line max-lines-per-function -- label, action configuration, condition, connections and problems of the one selected node, read top to bottom
export function NodePanel({
  node,
  nodes,
  edges,
  problems,
  onChange,
  onConnect,
  onRemoveEdge,
  onRemoveNode,
}: {
  node: FlowNode | null;
  nodes: FlowNode[];
  edges: Edge[];
  problems: string[];
  onChange: (data: FlowNode['data']) => void;
  onConnect: (target: string, sourceHandle: string) => void;
  onRemoveEdge: (id: string) => void;
  onRemoveNode: () => void;
}) {
  if (!node) {
    return (
      <p className="text-sm text-muted-foreground">
        Select a step on the canvas or in the problem list to configure it. Add steps from the palette; connect them by their handles or
        with Connect here. Delete removes the selected step or connection.
      </p>
    );
  }
  const actionType = isActionType(node.data.actionType) ? node.data.actionType : null;
  const expression = node.data.configuration?.expression;
  return (
    <div className="space-y-4" data-testid="node-panel">
      <h3 className="font-semibold">
        {NODE_TYPE_LABELS[node.type ?? 'action']}: {node.data.label}
      </h3>
      {problems.length > 0 ? (
        <ul
          className="list-disc space-y-1 rounded-md border border-red-600 bg-red-50 py-2 pl-6 pr-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
          aria-label="Problems on this step"
        >
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <FormField id={`label-${node.id}`} label="Label" required>
        <Input
          id={`label-${node.id}`}
          value={node.data.label}
          maxLength={200}
          onChange={(event) => onChange({ ...node.data, label: event.target.value })}
        />
      </FormField>
      {node.type === 'action' ? (
        <>
          <FormField id={`action-${node.id}`} label="What this step does" required>
            <NativeSelect
              id={`action-${node.id}`}
              value={actionType ?? ''}
              onChange={(event) => onChange({ ...node.data, actionType: event.target.value, configuration: {} })}
            >
              <option value="">Choose an action…</option>
              {WORKFLOW_ACTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {WORKFLOW_ACTION_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          {actionType ? (
            <ActionConfiguration
              node={node}
              actionType={actionType}
              onConfigure={(configuration) => onChange({ ...node.data, configuration })}
            />
          ) : null}
        </>
      ) : null}
      {node.type === 'decision' ? (
        <FormField
          id={`expression-${node.id}`}
          label="Condition"
          required
          description={
            node.data.conditions?.length && !expression
              ? `Structured conditions: ${node.data.conditions.map((c) => `${c.field} ${c.operator} ${String(c.value)}`).join(' and ')}. A condition typed here replaces them.`
              : 'On the run’s data, e.g. approval == "approved" or risk > 3. “Yes” is followed when it holds, “No” otherwise.'
          }
        >
          <Input
            id={`expression-${node.id}`}
            value={typeof expression === 'string' ? expression : ''}
            onChange={(event) => onChange({ ...node.data, configuration: { ...node.data.configuration, expression: event.target.value } })}
          />
        </FormField>
      ) : null}
      <Connections key={node.id} node={node} nodes={nodes} edges={edges} onConnect={onConnect} onRemoveEdge={onRemoveEdge} />
      <Button type="button" variant="outline" size="sm" onClick={onRemoveNode}>
        <Trash2 aria-hidden /> Remove this step
      </Button>
    </div>
  );
}

/** Every problem the validator (or the server, on Publish) found; each one on a step selects it. */
/** The id of the problems list, which the Publish button names as the reason it is disabled. */
export const PROBLEM_LIST_ID = 'builder-problems';

export function ProblemList({
  problems,
  nodes,
  fromServer,
  onSelect,
}: {
  problems: WorkflowProblem[];
  nodes: FlowNode[];
  fromServer: boolean;
  onSelect: (id: string) => void;
}) {
  return (
    <section aria-labelledby="builder-problems-heading" className="space-y-2">
      <h3 id="builder-problems-heading" className="flex items-center gap-2 text-sm font-semibold">
        {problems.length === 0 ? 'Ready to publish' : `Problems (${problems.length})`}
        {fromServer ? <span className="font-normal text-muted-foreground">— as the server answered on Publish</span> : null}
      </h3>
      {problems.length > 0 ? (
        <ul id={PROBLEM_LIST_ID} className="space-y-1" data-testid="builder-problems">
          {problems.map((problem, index) => {
            const node = nodes.find((candidate) => candidate.id === problem.nodeId);
            return (
              <li key={`${problem.nodeId ?? ''}-${index}`} className="flex items-start gap-2 text-sm">
                <CircleAlert className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-400" aria-hidden />
                {node ? (
                  <button type="button" className="text-left underline underline-offset-2" onClick={() => onSelect(node.id)}>
                    <strong>{node.data.label}</strong>: {problem.message}
                  </button>
                ) : (
                  <span>
                    <strong>Workflow</strong>: {problem.message}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Every step checks out.</p>
      )}
    </section>
  );
}
