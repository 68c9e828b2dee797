import { describe, expect, it } from 'vitest';
import { EMPTY_BRIEF_FACTS } from '../../../../shared/schemas/brief-facts.ts';
import { addedBy, factsFor, statedFacts } from './question-facts.ts';

const facts = {
  ...EMPTY_BRIEF_FACTS,
  locations: [{ name: 'Dublin', source: 'brief' }],
  strengths: [
    {
      text: 'Laptops are managed in Jamf and wiped remotely when lost',
      topic: 'endpoint security',
      controls: ['CFG-04'],
      source: 'it-facts.csv',
    },
  ],
};

const brief = [
  'Our insurer wants answers by Friday. Background: databases use AES-128-GCM disk encryption and are replicated to Dublin; staff log in through Google Workspace with 2FA switched on, and we rotate KMS keys every 90 days.',
  'We hold an ISO 27001 certificate issued by BSI in March 2026.',
  '1. Are your databases encrypted at rest?',
];

describe('the facts a brief gives for each question', () => {
  const stated = statedFacts(brief, facts);

  it('splits a facts line into one statement per clause, lead-ins, requests and questions dropped', () => {
    const texts = stated.map((entry) => entry.text);
    expect(texts).toContain('databases use AES-128-GCM disk encryption');
    expect(texts).toContain('databases are replicated to Dublin');
    expect(texts).toContain('staff log in through Google Workspace with 2FA switched on');
    expect(texts).toContain('we rotate KMS keys every 90 days');
    expect(texts.some((text) => text.endsWith('?'))).toBe(false);
    expect(texts.some((text) => /^background/i.test(text))).toBe(false);
  });

  it('matches by topic, attestation, location and distinctive word, never by a generic word', () => {
    const first = (question: string) => factsFor(question, stated, facts, 1)[0]?.text ?? null;
    expect(first('Is data at rest encrypted?')).toBe('databases use AES-128-GCM disk encryption');
    expect(first('Is multi-factor authentication required for employees?')).toBe(
      'staff log in through Google Workspace with 2FA switched on',
    );
    expect(first('Where are backups kept?')).toBe('databases are replicated to Dublin');
    expect(first('Are you ISO certified?')).toBe('We hold an ISO 27001 certificate issued by BSI in March 2026');
    expect(first('How often are encryption keys rotated?')).toBe('we rotate KMS keys every 90 days');
    // A fact only an attachment states reaches the question on its topic.
    expect(first('Do you use an MDM for endpoints?')).toBe('Laptops are managed in Jamf and wiped remotely when lost');
    expect(first('Do you screen new hires for the customer?')).toBeNull();
  });

  it('answers with what the statement adds to the question, not an echo of it', () => {
    expect(addedBy('Is data at rest encrypted?', 'data at rest is encrypted with AES-256')).toBe('with AES-256');
    expect(addedBy('How long do you keep access logs?', 'access logs are kept for 13 months')).toMatch(/^(kept )?for 13 months$/);
    expect(addedBy('Who is your DPO?', 'Priya Natarajan leads privacy')).toBe('Priya Natarajan leads privacy');
  });
});
