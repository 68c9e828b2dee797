import { describe, expect, it } from 'vitest';
import { LEAD_FORM_MESSAGES, problemMessages, sanitizeLeadForm, validateLeadForm } from './lead-form.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Analytical Engines', message: '' };

describe('required fields (product.md §5)', () => {
  it('passes a complete form', () => {
    expect(validateLeadForm(valid)).toEqual([]);
  });

  it('lists every missing field in form order with its exact message', () => {
    expect(validateLeadForm({ firstName: '', lastName: '', email: '', company: '' }).map((p) => p.message)).toEqual([
      'First name is required',
      'Last name is required',
      'Email is required',
      'Company is required',
    ]);
  });

  it('treats whitespace as empty', () => {
    expect(validateLeadForm({ ...valid, company: '   ' })).toEqual([{ field: 'company', message: LEAD_FORM_MESSAGES.companyRequired }]);
  });

  it('does not add the e-mail pattern message to a missing e-mail', () => {
    expect(validateLeadForm({ ...valid, email: '' })).toEqual([{ field: 'email', message: 'Email is required' }]);
  });
});

describe('the e-mail pattern: text, @, text, dot, text', () => {
  it('reports it as "Please enter a valid email address"', () => {
    expect(validateLeadForm({ ...valid, email: 'ada@example' })).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
  });
});

describe('security checks on firstName, lastName, email, company and message', () => {
  it.each(['firstName', 'lastName', 'company', 'message'] as const)('checks %s', (field) => {
    expect(validateLeadForm({ ...valid, [field]: '<b>hi</b>' })).toEqual([
      { field, message: 'Security validation failed: HTML content is not allowed in this field' },
    ]);
  });

  it('checks the e-mail too', () => {
    expect(validateLeadForm({ ...valid, email: "x'--@example.com" })).toEqual([
      { field: 'email', message: 'Security validation failed: Input contains potential SQL injection patterns' },
    ]);
  });

  it('reports the message length limit', () => {
    expect(validateLeadForm({ ...valid, message: 'a'.repeat(10_001) })).toEqual([
      { field: 'message', message: 'Security validation failed: Input exceeds maximum length of 10000 characters' },
    ]);
    expect(validateLeadForm({ ...valid, message: 'a'.repeat(10_000) })).toEqual([]);
  });
});

describe('the honeypot', () => {
  it('flags any content as spam, last', () => {
    expect(validateLeadForm({ ...valid, firstName: '', honeypot: 'http://spam.example' })).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'honeypot', message: 'Spam detection triggered' },
    ]);
    expect(validateLeadForm({ ...valid, honeypot: '' })).toEqual([]);
  });
});

describe('messages for the list', () => {
  it('are distinct and keep their order', () => {
    const problems = validateLeadForm({ ...valid, firstName: '<i>a</i>', lastName: '<i>b</i>', company: '' });
    expect(problemMessages(problems)).toEqual([
      'Company is required',
      'Security validation failed: HTML content is not allowed in this field',
    ]);
  });
});

describe('sanitising the payload', () => {
  it('sanitises every string and leaves other values alone', () => {
    expect(sanitizeLeadForm({ firstName: ' Ada ', message: 'hi<script>x</script>', interest: null, count: 2 })).toEqual({
      firstName: 'Ada',
      message: 'hi',
      interest: null,
      count: 2,
    });
  });
});
