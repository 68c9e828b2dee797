import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../tests/test-database.ts';
import { seedContent } from '../../content/content.service.ts';
import type { DraftInput, DraftResult } from '../providers/agent-provider.ts';
import { groundDraft } from '../providers/agent-grounding.ts';
import { createBuiltinAgentProvider } from '../providers/builtin-agent-provider.ts';
import { applyReviewNotes } from './apply-notes.ts';
import { contentText, splitDraft } from './draft-sections.ts';
import { removeFromDraft, replaceInDraft } from './text-edits.ts';

/** Reviewer notes become changes, for the builtin provider's redraft and a model's reply alike. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedContent(database.db);
}, 120_000);
afterAll(() => database.dispose());

const provider = createBuiltinAgentProvider();

function gapAssessment(overrides: Partial<DraftInput> = {}): DraftInput {
  return {
    request: {
      id: 'req-gap',
      department: 'compliance',
      deadline: null,
      workKind: 'gap_assessment',
      title: 'ISO 27001 readiness gap assessment',
      description:
        'We have an incident response plan and quarterly access reviews, but no risk register yet. Assess how far we are from ISO 27001 certification.',
      frameworks: ['iso27001'],
    },
    organization: { id: 'org-1', name: 'Northwind Analytics', size: '51-200', country: 'Germany', website: null },
    reviewNotes: null,
    previous: null,
    earlierDeliverables: [],
    ...overrides,
  };
}

/** The rows of the "Changes in this version" table: note → status and what changed. */
function changeRows(body: string): { note: string; status: string; detail: string }[] {
  const section = body.split('## Changes in this version')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const [, note = '', status = '', detail = ''] = line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.trim());
      return { note, status, detail };
    });
}

const content = (body: string) => contentText(splitDraft(body));
const tableRows = (body: string) => body.split('\n').filter((line) => /^\| ISO 27001 /.test(line));

describe('reviewer notes in a builtin redraft', () => {
  it('applies what it can, says plainly what it could not, and every claimed change is in the text', async () => {
    const first = await provider.draft(database.db, gapAssessment());
    const notes = [
      'Remove configuration management, it is out of scope.',
      'Cite ISO 27001 A.5.99.',
      'Add a section on internal audit.',
      'Replace quarterly with monthly.',
      'Use a friendlier tone.',
    ].join('\n');
    const redraft = await provider.draft(database.db, gapAssessment({ reviewNotes: notes, previous: { version: 1, body: first.body } }));
    const rows = changeRows(redraft.body);
    expect(rows.map((row) => [row.note, row.status])).toEqual([
      ['Remove configuration management, it is out of scope.', 'Applied'],
      ['Cite ISO 27001 A.5.99.', '**Not applied — reviewer, please check**'],
      ['Add a section on internal audit.', 'Applied'],
      ['Replace quarterly with monthly.', '**Not applied — reviewer, please check**'],
      ['Use a friendlier tone.', '**Not applied — reviewer, please check**'],
    ]);
    expect(redraft.body).toContain(
      '**2 of 5 notes applied. 3 could not be applied and are flagged below: please check them before approving.**',
    );

    // Removed: gone from the content and from the sources.
    expect(content(first.body)).toMatch(/Configuration management/);
    expect(content(redraft.body)).not.toMatch(/configuration management/i);
    expect(redraft.sources.map((source) => source.ref)).not.toContain('ISO 27001 A.8.9');
    // A reference the catalogue does not hold is never cited, only named as not applied.
    expect(rows[1]?.detail).toContain('ISO 27001 A.5.99 is not a requirement the frameworks catalogue holds');
    expect(redraft.sources.map((source) => source.ref)).not.toContain('ISO 27001 A.5.99');
    expect(content(redraft.body)).not.toContain('A.5.99');
    // Added: a section on the topic, from the catalogue.
    expect(redraft.body).toMatch(
      /^## Internal audit\n\nAdded at the reviewer’s request\.\n\n- \*\*ISO 27001 Clause 9\.2 Internal audit\*\*/m,
    );
    // "quarterly" is only in the client's own brief, which is never rewritten.
    expect(rows[3]?.detail).toBe(
      '“quarterly” appears only in the client’s brief or in quoted guidance, which are left as written: make the change by hand if it is meant there.',
    );
    expect(redraft.body).toContain('> We have an incident response plan and quarterly access reviews');
  });

  it('never claims a change nobody asked for: notes that mention the brief do not shorten the draft', async () => {
    const first = await provider.draft(database.db, gapAssessment());
    const notes = 'The brief says the client runs Okta; the draft should say so and keep the brief in mind.';
    const redraft = await provider.draft(database.db, gapAssessment({ reviewNotes: notes, previous: { version: 1, body: first.body } }));
    expect(redraft.body).not.toMatch(/shorten|shorter|as asked/i);
    expect(tableRows(redraft.body)).toHaveLength(tableRows(first.body).length);
    for (const row of changeRows(redraft.body)) expect(row.status).not.toBe('Applied');
    expect(redraft.body).toMatch(/\*\*0 of \d notes applied/);
  });

  it('keeps bulleted notes without full stops as separate points', async () => {
    const first = await provider.draft(database.db, gapAssessment());
    const notes = '- remove configuration management\n- cite ISO 27001 A.5.24\n- make it friendlier';
    const redraft = await provider.draft(database.db, gapAssessment({ reviewNotes: notes, previous: { version: 1, body: first.body } }));
    expect(changeRows(redraft.body).map((row) => [row.note, row.status])).toEqual([
      ['remove configuration management', 'Applied'],
      ['cite ISO 27001 A.5.24', 'Already in place'],
      ['make it friendlier', '**Not applied — reviewer, please check**'],
    ]);
  });

  it('shortens when asked, and says by how much', async () => {
    const first = await provider.draft(database.db, gapAssessment());
    const redraft = await provider.draft(
      database.db,
      gapAssessment({ reviewNotes: 'Too long: make it more concise.', previous: { version: 1, body: first.body } }),
    );
    const [row] = changeRows(redraft.body);
    expect(row?.status).toBe('Applied');
    expect(row?.detail).toMatch(/^The content is \d+ % shorter \(\d+ → \d+ words\)\.$/);
    expect(tableRows(redraft.body).length).toBeLessThan(tableRows(first.body).length);
  });
});

describe('reviewer notes on a model’s redraft', () => {
  it('replaces the model’s own account with a checked one: an unmade change is reported as not applied', async () => {
    const previous = { version: 1, body: (await provider.draft(database.db, gapAssessment())).body };
    const input = gapAssessment({ reviewNotes: 'Shorten it. Cite ISO 27001 A.5.15.', previous });
    const grounding = await groundDraft(database.db, input);
    const [title, ...rest] = previous.body.split('\n');
    // The model claims it shortened the draft, but sent the same content back.
    const modelBody = [title, '', '## Changes in this version', '', '- Shortened as asked.', ...rest].join('\n');
    const reply: DraftResult = {
      title: 'ISO 27001 gap assessment — Northwind Analytics',
      confidence: 70,
      summary: 'A gap assessment.',
      keyFindings: ['x'],
      riskScore: 40,
      recommendations: ['y'],
      body: modelBody,
      sources: [],
      provider: 'openai',
      model: 'scripted',
      inputTokens: 1,
      outputTokens: 1,
    };
    const { draft, outcomes } = applyReviewNotes({ draft: reply, grounding, previous, reviewNotes: input.reviewNotes });
    expect(draft.body).not.toContain('Shortened as asked');
    expect(draft.body.match(/## Changes in this version/g)).toHaveLength(1);
    // The layer shortened it itself, and says what it cut; the citation was already there.
    expect(outcomes.map((outcome) => [outcome.instruction.kind, outcome.status])).toEqual([
      ['shorten', 'applied'],
      ['cite', 'unchanged'],
    ]);
    expect(outcomes[0]?.detail).toMatch(/^Cut \d+ list items and table rows/);
    expect(content(draft.body).length).toBeLessThan(content(previous.body).length);
    expect(outcomes[1]?.detail).toMatch(/^ISO 27001 A\.5\.15 was already cited in version 1 \(in “Requirement-by-requirement assessment”/);
  });
});

describe('notes that state a fact of the client’s', () => {
  it('states a named owner, a tool or an address as the reviewer gave it, and says so', async () => {
    const first = await provider.draft(database.db, gapAssessment());
    const notes = [
      'Name Tomasz Nowak, our head of IT, as the owner of this assessment.',
      'Please also state that every laptop runs CrowdStrike Falcon.',
      'Give our escalation inbox security@northwind.example for incidents.',
    ].join('\n');
    const redraft = await provider.draft(database.db, gapAssessment({ reviewNotes: notes, previous: { version: 1, body: first.body } }));
    const said = content(redraft.body);
    expect(said).toContain('Tomasz Nowak');
    expect(said).toContain('CrowdStrike Falcon');
    expect(said).toContain('security@northwind.example');
    expect(changeRows(redraft.body).map((row) => row.status)).toEqual(['Applied', 'Applied', 'Applied']);
  });

  it('still leaves a bare subject the catalogue knows nothing about for the reviewer', async () => {
    const first = await provider.draft(database.db, gapAssessment());
    const redraft = await provider.draft(
      database.db,
      gapAssessment({ reviewNotes: 'Add a section on quokkas.', previous: { version: 1, body: first.body } }),
    );
    expect(changeRows(redraft.body).map((row) => row.status)).toEqual(['**Not applied — reviewer, please check**']);
    expect(content(redraft.body)).not.toMatch(/quokka/i);
  });
});

describe('the text edits behind the notes', () => {
  it('does not claim the removal of something the previous version never had', () => {
    const split = splitDraft('# Title\n\n## Findings\n\n- Secure coding: keep it.\n- Another item.\n');
    const edit = removeFromDraft(split, 'Another item only.', 'secure coding');
    expect(edit.status).toBe('unchanged');
    expect(contentText(split)).not.toMatch(/secure coding/i);
  });

  it('never rewrites the client’s words quoted inline', () => {
    const split = splitDraft('# Title\n\n## Findings\n\n| Access rights | Described: “quarterly access reviews” | Review quarterly |\n');
    const edit = replaceInDraft(split, 'quarterly', 'monthly');
    expect(edit.status).toBe('applied');
    expect(edit.detail).toContain('(1 place)');
    expect(contentText(split)).toContain('“quarterly access reviews” | Review monthly');
  });
});
