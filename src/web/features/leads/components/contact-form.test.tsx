import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactForm } from './contact-form.tsx';

const field = (name: string) => screen.getByRole('textbox', { name });

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ContactForm />
    </QueryClientProvider>,
  );
}

const listed = () =>
  within(screen.getByRole('alert'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the contact form validation (product.md §5)', () => {
  it('lists every missing field under "Please correct the following:" and focuses the list', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = screen.getByRole('alert');
    within(alert).getByText('Please correct the following:');
    expect(listed()).toEqual(['First name is required', 'Last name is required', 'Email is required', 'Company is required']);
    expect(document.activeElement).toBe(alert);
  });

  it('clears the list on any edit', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    screen.getByRole('alert');
    await user.type(field('Company'), 'A');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the e-mail pattern and the security rules, prefixed "Security validation failed: "', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(field('First Name'), '<b>Ada</b>');
    await user.type(field('Last Name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example');
    await user.type(field('Company'), "Acme' OR 1=1");
    await user.type(field('Message'), 'see javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(listed()).toEqual([
      'Please enter a valid email address',
      'Security validation failed: HTML content is not allowed in this field',
      'Security validation failed: Input contains potential SQL injection patterns',
      'Security validation failed: Input contains potentially malicious content',
    ]);
  });

  it('reports a filled honeypot as "Spam detection triggered"', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(field('First Name'), 'Ada');
    await user.type(field('Last Name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Company'), 'Acme');
    const honeypot = document.querySelector<HTMLInputElement>('input[autocomplete="off"][tabindex="-1"]');
    expect(honeypot).not.toBeNull();
    await user.type(honeypot!, 'http://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(listed()).toEqual(['Spam detection triggered']);
  });

  it('marks the four required fields with an asterisk and offers the five interests', () => {
    renderForm();
    for (const label of ['First Name', 'Last Name', 'Email', 'Company']) {
      expect(field(label).getAttribute('aria-required')).toBe('true');
      expect(document.querySelector(`label[for="${field(label).id}"]`)?.textContent).toBe(`${label}*`);
    }
    expect(field('Email').getAttribute('type')).toBe('email');
    expect(
      within(screen.getByRole('combobox', { name: 'Interest' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a plan (optional)',
      'Essential – $2,500/month',
      'Growth – $5,000/month',
      'Scale – $7,500/month',
      'Enterprise – Custom pricing',
      'Just learning more',
    ]);
  });
});
