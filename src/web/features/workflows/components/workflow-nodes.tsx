import { Handle, type NodeProps, Position } from '@xyflow/react';
import { CircleCheck, CirclePlay, GitBranch, ListChecks } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { type FlowNode, NODE_TYPE_LABELS } from '../../../lib/workflow-graph.ts';

const styles = {
  start: { icon: CirclePlay, className: 'border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50' },
  action: { icon: ListChecks, className: 'border-blue-600 bg-blue-50 text-blue-950 dark:bg-blue-950 dark:text-blue-50' },
  decision: { icon: GitBranch, className: 'border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50' },
  end: { icon: CircleCheck, className: 'border-slate-600 bg-slate-100 text-slate-950 dark:bg-slate-800 dark:text-slate-50' },
} as const;

function StepNode({ data, type, selected }: NodeProps<FlowNode>) {
  const kind = type ?? 'action';
  const { icon: Icon, className } = styles[kind];
  return (
    <div className={cn('w-52 rounded-lg border-2 px-3 py-2 text-left shadow-sm', className, selected && 'ring-2 ring-ring ring-offset-2')}>
      {kind !== 'start' ? <Handle type="target" position={Position.Left} /> : null}
      <p className="flex items-center gap-1 text-[11px] font-semibold uppercase tracking-wide opacity-80">
        <Icon className="size-3.5" aria-hidden />
        {NODE_TYPE_LABELS[kind]}
      </p>
      <p className="mt-0.5 text-sm font-medium leading-snug">{data.label}</p>
      {kind === 'decision' ? (
        <Handle type="source" id="approved" position={Position.Right} />
      ) : kind !== 'end' ? (
        <Handle type="source" position={Position.Right} />
      ) : null}
    </div>
  );
}

export const nodeTypes = { start: StepNode, action: StepNode, decision: StepNode, end: StepNode };
