import type { Requirement } from '../../../shared/schemas/frameworks.ts';

/** The framework page's tree: requirements nested by `parentRef`, in the catalogue's order. */
export interface RequirementNode {
  requirement: Requirement;
  children: RequirementNode[];
}

export function buildRequirementTree(requirements: readonly Requirement[]): RequirementNode[] {
  const nodes = new Map(requirements.map((requirement) => [requirement.ref, { requirement, children: [] } as RequirementNode]));
  const roots: RequirementNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.requirement.parentRef ? nodes.get(node.requirement.parentRef) : undefined;
    // A parent the list does not hold (scoped out, or a data slip) must not hide its children.
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Lower-case words of a filter: 'Data  masking' → ['data', 'masking']. */
export function filterWords(filter: string): string[] {
  return filter.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
}

function haystack(requirement: Requirement): string {
  const controls = requirement.controls.map((control) => `${control.id} ${control.title}`).join(' ');
  return `${requirement.ref} ${requirement.title} ${requirement.summary} ${controls}`.toLocaleLowerCase('en');
}

/**
 * The tree cut to what every word matches (in the ref, title, summary or a mapped control), with the
 * ancestors that lead to a match kept for context, and all of a matching group's children.
 */
export function filterRequirementTree(nodes: readonly RequirementNode[], words: readonly string[]): RequirementNode[] {
  if (words.length === 0) return [...nodes];
  return nodes.flatMap((node) => {
    const text = haystack(node.requirement);
    if (words.every((word) => text.includes(word))) return [node];
    const children = filterRequirementTree(node.children, words);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Refs of every group in the tree (what "Expand all" opens). */
export function groupRefs(nodes: readonly RequirementNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.requirement.ref, ...groupRefs(node.children)] : []));
}

/** The refs from the root down to `ref`'s parent, so a linked requirement can be opened and shown. */
export function ancestorRefs(requirements: readonly Requirement[], ref: string): string[] {
  const byRef = new Map(requirements.map((requirement) => [requirement.ref, requirement]));
  const path: string[] = [];
  let parent = byRef.get(ref)?.parentRef ?? null;
  while (parent && !path.includes(parent)) {
    path.unshift(parent);
    parent = byRef.get(parent)?.parentRef ?? null;
  }
  return path;
}

export function countLeaves(nodes: readonly RequirementNode[]): number {
  return nodes.reduce((sum, node) => sum + (node.children.length === 0 ? 1 : countLeaves(node.children)), 0);
}
