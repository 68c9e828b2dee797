import { expect, it } from 'vitest';
import type { Requirement } from '../../../shared/schemas/frameworks.ts';
import { ancestorRefs, buildRequirementTree, filterRequirementTree, filterWords } from './requirement-tree.ts';

const requirement = (ref: string, parentRef: string | null, title: string): Requirement => ({
  ref,
  parentRef,
  depth: 0,
  title,
  summary: '',
  assessable: true,
  notAddressable: null,
  controls: [],
  status: null,
  reason: null,
});

const REQUIREMENTS = [
  requirement('PR', null, 'Protect'),
  requirement('PR.AA', 'PR', 'Identity management and access control'),
  requirement('PR.AA-01', 'PR.AA', 'Identities and credentials are managed'),
  requirement('PR.DS-01', 'PR.DS', 'Data at rest is protected'),
];

it('nests by parent, and keeps a requirement whose parent is missing at the top rather than losing it', () => {
  const tree = buildRequirementTree(REQUIREMENTS);
  expect(tree.map((node) => node.requirement.ref)).toEqual(['PR', 'PR.DS-01']);
  expect(tree[0]?.children[0]?.children[0]?.requirement.ref).toBe('PR.AA-01');
  expect(ancestorRefs(REQUIREMENTS, 'PR.AA-01')).toEqual(['PR', 'PR.AA']);
});

it('keeps the path to a match and all of a matching group', () => {
  const tree = buildRequirementTree(REQUIREMENTS);
  const credentials = filterRequirementTree(tree, filterWords('  Credentials  managed '));
  expect(credentials.map((node) => node.requirement.ref)).toEqual(['PR']);
  expect(credentials[0]?.children.map((node) => node.requirement.ref)).toEqual(['PR.AA']);
  expect(filterRequirementTree(tree, filterWords('identity'))[0]?.children[0]?.children).toHaveLength(1);
  expect(filterRequirementTree(tree, filterWords('quantum'))).toEqual([]);
});
