import { describe, expect, it } from 'vitest';
import { parseReviewNotes } from './parse-notes.ts';

const kinds = (notes: string) => parseReviewNotes(notes).map((instruction) => instruction.kind);

describe('parseReviewNotes', () => {
  it('reads each point of the notes as the instruction it states', () => {
    expect(
      parseReviewNotes(
        [
          '- Shorten the guidance section.',
          '- Cite GDPR Art. 33 for the breach timeline.',
          '- Add a section on vendor offboarding.',
          '- Remove the heat map.',
          '- Replace quarterly with monthly.',
          '- Rename the document to "Access Control Policy v2".',
          '- Set the risk score to 65.',
          '- Use a friendlier tone.',
          '- Great work overall.',
        ].join('\n'),
      ),
    ).toEqual([
      { kind: 'shorten', note: 'Shorten the guidance section.', target: 'guidance' },
      { kind: 'cite', note: 'Cite GDPR Art. 33 for the breach timeline.', citation: 'GDPR Art. 33' },
      { kind: 'add', note: 'Add a section on vendor offboarding.', topic: 'vendor offboarding' },
      { kind: 'remove', note: 'Remove the heat map.', target: 'heat map' },
      { kind: 'replace', note: 'Replace quarterly with monthly.', from: 'quarterly', to: 'monthly' },
      { kind: 'rename', note: 'Rename the document to "Access Control Policy v2".', to: 'Access Control Policy v2' },
      { kind: 'set-risk-score', note: 'Set the risk score to 65.', value: 65 },
      { kind: 'tone', note: 'Use a friendlier tone.' },
      { kind: 'other', note: 'Great work overall.' },
    ]);
  });

  it('does not take the word "brief" for a request to shorten', () => {
    expect(kinds('The brief says we use Okta; name it.')).not.toContain('shorten');
    expect(kinds('Please add more detail.')).toEqual(['expand']);
    expect(kinds('Too long, make it more concise.')).toEqual(['shorten']);
  });

  it('splits sentences and keeps the topic to what is asked for', () => {
    expect(parseReviewNotes('Please add more detail. Also cover GDPR, since we process customer personal data.')).toEqual([
      { kind: 'expand', note: 'Please add more detail.', target: null },
      { kind: 'add', note: 'Also cover GDPR, since we process customer personal data.', topic: 'GDPR' },
    ]);
    expect(parseReviewNotes('Use monthly instead of quarterly.')).toEqual([
      { kind: 'replace', note: 'Use monthly instead of quarterly.', from: 'quarterly', to: 'monthly' },
    ]);
    expect(parseReviewNotes('Change 90 days to 60 days.')).toEqual([
      { kind: 'replace', note: 'Change 90 days to 60 days.', from: '90 days', to: '60 days' },
    ]);
  });

  it('has nothing to apply without notes', () => {
    expect(parseReviewNotes(null)).toEqual([]);
    expect(parseReviewNotes('  \n ')).toEqual([]);
  });

  it('keeps an addition a note asks for beside the citation it also asks for', () => {
    expect(parseReviewNotes('Include the outage risk from our colocation provider in Leeds, and cite ISO 27001 A.5.30.')).toEqual([
      {
        kind: 'cite',
        note: 'Include the outage risk from our colocation provider in Leeds, and cite ISO 27001 A.5.30.',
        citation: 'ISO 27001 A.5.30',
      },
      {
        kind: 'add',
        note: 'Include the outage risk from our colocation provider in Leeds, and cite ISO 27001 A.5.30.',
        topic: 'outage risk from our colocation provider in Leeds',
      },
    ]);
    expect(kinds('Cite GDPR Art. 32 for the encryption section.')).toEqual(['cite']);
  });
});
