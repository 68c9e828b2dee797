import { Handle, type NodeProps, Position } from '@xyflow/react';
import { CircleAlert, CircleCheck, CirclePlay, GitBranch, ListChecks } from 'lucide-react';
import { WORKFLOW_ACTION_LABELS } from '../../../../shared/schemas/workflow-runs.ts';
import { isActionType } from '../../../../shared/rules/workflow-validation.ts';
import { cn } from '../../../lib/cn.ts';
import { type FlowNode, NODE_TYPE_LABELS } from '../../../lib/workflow-graph.ts';

/** A node of the organization Workflow Builder: its kind, label, action, and a red ring and badge when the validator finds problems on it. */

export type BuilderNodeData = FlowNode['data'] & { problems?: string[] };
type BuilderNode = FlowNode & { data: BuilderNodeData };

const styles = {
  start: { icon: CirclePlay, className: 'border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50' },
  action: { icon: ListChecks, className: 'border-blue-600 bg-blue-50 text-blue-950 dark:bg-blue-950 dark:text-blue-50' },
  decision: { icon: GitBranch, className: 'border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50' },
  end: { icon: CircleCheck, className: 'border-slate-600 bg-slate-100 text-slate-950 dark:bg-slate-800 dark:text-slate-50' },
} as const;

function BuilderStepNode({ id, data, type, selected }: NodeProps<BuilderNode>) {
  const kind = type ?? 'action';
  const { icon: Icon, className } = styles[kind];
  const problems = data.problems ?? [];
  const isApproval = kind === 'action' && data.actionType === 'approval';
  return (
    <div
      data-testid={`builder-node-${id}`}
      data-invalid={problems.length > 0 ? 'true' : undefined}
      className={cn(
        'relative w-52 rounded-lg border-2 px-3 py-2 text-left shadow-sm',
        className,
        problems.length > 0 && 'ring-4 ring-red-600',
        selected && 'outline-2 outline-offset-4 outline-ring',
      )}
    >
      {kind !== 'start' ? <Handle type="target" position={Position.Left} /> : null}
      <p className="flex items-center gap-1 text-[11px] font-semibold uppercase tracking-wide opacity-80">
        <Icon className="size-3.5" aria-hidden />
        {NODE_TYPE_LABELS[kind]}
      </p>
      <p className="mt-0.5 text-sm font-medium leading-snug">{data.label}</p>
      {kind === 'action' ? (
        <p className="text-xs opacity-80">{isActionType(data.actionType) ? WORKFLOW_ACTION_LABELS[data.actionType] : 'No action chosen'}</p>
      ) : null}
      {problems.length > 0 ? (
        <span
          className="absolute -right-2 -top-2 inline-flex items-center gap-0.5 rounded-full bg-red-700 px-1.5 py-0.5 text-[11px] font-semibold text-white"
          title={problems.join('\n')}
        >
          <CircleAlert className="size-3" aria-hidden />
          {problems.length}
          <span className="sr-only"> {problems.length === 1 ? 'problem' : 'problems'}</span>
        </span>
      ) : null}
      {kind === 'decision' ? (
        <>
          <Handle type="source" id="yes" position={Position.Right} style={{ top: '30%' }} />
          <Handle type="source" id="no" position={Position.Right} style={{ top: '75%' }} />
          <span className="pointer-events-none absolute -right-7 top-[18%] text-[10px] font-semibold">yes</span>
          <span className="pointer-events-none absolute -right-6 top-[63%] text-[10px] font-semibold">no</span>
        </>
      ) : isApproval ? (
        <>
          <Handle type="source" position={Position.Right} />
          <Handle type="source" id="approved" position={Position.Bottom} style={{ left: '30%' }} />
          <Handle type="source" id="rejected" position={Position.Bottom} style={{ left: '70%' }} />
        </>
      ) : kind !== 'end' ? (
        <Handle type="source" position={Position.Right} />
      ) : null}
    </div>
  );
}

export const builderNodeTypes = { start: BuilderStepNode, action: BuilderStepNode, decision: BuilderStepNode, end: BuilderStepNode };
