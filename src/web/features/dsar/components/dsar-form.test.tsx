import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DsarForm } from './dsar-form.tsx';

describe('the privacy request form', () => {
  it('asks an agent for the person they act for, counts the details, and shows each field’s problem on send', async () => {
    const user = userEvent.setup();
    const onFiled = vi.fn();
    render(<DsarForm onFiled={onFiled} />);
    const form = screen.getByRole('form', { name: 'Privacy request' });
    expect(screen.getByRole('group', { name: 'What would you like us to do?' }).tagName).toBe('FIELDSET');
    expect((screen.getByRole('radio', { name: /Correct my data/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText(/Name of the person you act for/)).toBeNull();

    await user.click(screen.getByRole('radio', { name: /Correct my data/ }));
    await user.click(screen.getByRole('radio', { name: 'As an authorised agent for someone else' }));
    expect(screen.getByLabelText(/Name of the person you act for/).tagName).toBe('INPUT');
    await user.type(screen.getByLabelText('Tell us about your request'), 'Wrong');
    expect(form.textContent).toContain('5 / ');

    await user.click(screen.getByRole('button', { name: 'Send privacy request' }));
    await waitFor(() => expect(form.textContent).toContain('Full name is required'));
    expect(form.textContent).toContain('Enter the name of the person you act for');
    expect(form.textContent).toContain('Confirm that the information is accurate');
    expect(screen.getByRole('checkbox').getAttribute('aria-describedby')).toBe('dsar-confirm-error');
    expect(onFiled).not.toHaveBeenCalled();
  });
});
