import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConsultationForm, useConsultationForm } from './consultation-form.tsx';

const field = (name: string) => screen.getByRole('textbox', { name });

function Harness({ isSending = false, onSubmit = () => undefined }: { isSending?: boolean; onSubmit?: (value: unknown) => void }) {
  const form = useConsultationForm();
  return <ConsultationForm form={form} isSending={isSending} onSubmit={onSubmit} />;
}

const submit = () => screen.getByRole('button', { name: /Send Request|Sending/ }) as HTMLButtonElement;

describe('the consultation form step (product.md §5)', () => {
  it('keeps submit disabled until first name, last name, e-mail and company are filled', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(submit().disabled).toBe(true);
    await user.type(field('First Name'), 'Ada');
    await user.type(field('Last Name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example.com');
    expect(submit().disabled).toBe(true);
    await user.type(field('Company'), '   ');
    expect(submit().disabled).toBe(true);
    await user.type(field('Company'), 'Acme');
    expect(submit().disabled).toBe(false);
    expect(field('Email').getAttribute('type')).toBe('email');
  });

  it('is disabled and says Sending... while sending', () => {
    render(<Harness isSending />);
    expect(submit().textContent).toContain('Sending...');
    expect(submit().disabled).toBe(true);
  });

  it('sends the trimmed, sanitised request with interest and message optional', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(field('First Name'), ' Ada ');
    await user.type(field('Last Name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Company'), 'Acme');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interest' }), 'scale');
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: 'Acme',
      interest: 'scale',
      message: '',
      honeypot: '',
    });
  });

  it('shows the shared rule next to the field instead of sending', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(field('First Name'), 'Ada');
    await user.type(field('Last Name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example');
    await user.type(field('Company'), 'Acme');
    await user.click(submit());
    screen.getByText('Please enter a valid email address');
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
