import { ChevronRight } from 'lucide-react';
import type { RequirementNode } from '../requirement-tree.ts';
import { countLeaves } from '../requirement-tree.ts';
import { cn } from '../../../lib/cn.ts';
import { RequirementItem } from './requirement-item.tsx';

interface TreeProps {
  nodes: readonly RequirementNode[];
  /** Groups shown open; ignored (everything open) while a filter is on. */
  openRefs: ReadonlySet<string>;
  isFiltered: boolean;
  onToggle: (ref: string) => void;
  targetRef: string | null;
}

/**
 * The requirements as nested lists: a group is a disclosure button (its children follow when open),
 * a leaf is its card. One indent step per level keeps four levels readable on a phone.
 */
export function RequirementTreeView({ nodes, openRefs, isFiltered, onToggle, targetRef, isRoot = true }: TreeProps & { isRoot?: boolean }) {
  return (
    <ul
      aria-label={isRoot ? 'Requirements' : undefined}
      className={cn('space-y-2', !isRoot && 'ml-1 mt-2 border-l border-border pl-2 sm:ml-2 sm:pl-4')}
    >
      {nodes.map((node) => {
        const { requirement, children } = node;
        if (children.length === 0) {
          return (
            <li key={requirement.ref} id={requirement.ref} tabIndex={-1} className="scroll-mt-24 outline-none">
              <RequirementItem requirement={requirement} isTarget={targetRef === requirement.ref} />
            </li>
          );
        }
        const isOpen = isFiltered || openRefs.has(requirement.ref);
        const childrenId = `req-${requirement.ref}-children`;
        return (
          <li key={requirement.ref} id={requirement.ref} tabIndex={-1} className="scroll-mt-24 outline-none">
            <button
              type="button"
              aria-expanded={isOpen}
              aria-controls={isOpen ? childrenId : undefined}
              onClick={() => onToggle(requirement.ref)}
              disabled={isFiltered}
              className="flex w-full items-start gap-2 rounded-md px-2 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-default"
            >
              <ChevronRight
                className={cn('mt-0.5 size-4 shrink-0 transition-transform motion-reduce:transition-none', isOpen && 'rotate-90')}
                aria-hidden
              />
              <span className="min-w-0 flex-1">
                <span className="mr-2 font-mono text-xs text-muted-foreground">{requirement.ref}</span>
                <span className="font-medium">{requirement.title}</span>
                <span className="ml-2 text-xs text-muted-foreground">({countLeaves(children)})</span>
              </span>
            </button>
            {isOpen ? (
              <div id={childrenId}>
                {requirement.assessable || requirement.controls.length > 0 ? (
                  <div className="ml-1 mt-2 sm:ml-2">
                    <RequirementItem requirement={requirement} isTarget={targetRef === requirement.ref} />
                  </div>
                ) : requirement.summary ? (
                  <p className="ml-8 text-sm text-muted-foreground">{requirement.summary}</p>
                ) : null}
                <RequirementTreeView
                  nodes={children}
                  openRefs={openRefs}
                  isFiltered={isFiltered}
                  onToggle={onToggle}
                  targetRef={targetRef}
                  isRoot={false}
                />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
