import { describe, expect, it } from 'vitest';
import { generateWorkflowGraph } from './workflow-generator.ts';

describe('generateWorkflowGraph', () => {
  it('briefs the first action in whole sentences, never a description cut mid-word', () => {
    const sentence = 'Export the user lists from every system in scope and send them to their owners. ';
    const description = sentence.repeat(12).trim();
    const { nodes } = generateWorkflowGraph({ title: 'Access reviews', description, category: 'security', priority: 2 });
    const brief = nodes.find((node) => node.id === 'action-1')?.data.configuration?.brief;
    expect(typeof brief).toBe('string');
    expect(String(brief)).toBe(sentence.repeat(6).trim());
    expect(String(brief).length).toBeLessThanOrEqual(500);
  });
});
