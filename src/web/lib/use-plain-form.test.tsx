import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client.ts';
import { lazySchema, usePlainForm } from './use-plain-form.ts';

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name'),
  email: z.string().trim().min(1, 'Enter an email'),
  agree: z.boolean().refine((value) => value, 'Tick the box'),
  plan: z.enum(['team', 'growth']),
});
type Values = z.input<typeof schema>;

function Example({ onValid, load }: { onValid: (values: z.output<typeof schema>) => void; load: () => Promise<typeof schema> }) {
  const { errors, isSubmitting, formProps } = usePlainForm(lazySchema<Values, z.output<typeof schema>>(load), onValid);
  return (
    <form {...formProps} aria-label="Example">
      {/* Disabled while sent, as the privacy request's fields are: the focus must still reach the first problem. */}
      <fieldset disabled={isSubmitting}>
        <label>
          Name <input name="name" aria-invalid={errors.name ? true : undefined} />
        </label>
        {errors.name ? <p>{errors.name}</p> : null}
        <label>
          Email <input name="email" />
        </label>
        {errors.email ? <p>{errors.email}</p> : null}
        <label>
          <input type="checkbox" name="agree" /> Agree
        </label>
        {errors.agree ? <p>{errors.agree}</p> : null}
        <label>
          <input type="radio" name="plan" value="team" /> Team
        </label>
        <label>
          <input type="radio" name="plan" value="growth" defaultChecked /> Growth
        </label>
      </fieldset>
      <button type="submit">{isSubmitting ? 'Sending…' : 'Send'}</button>
    </form>
  );
}

describe('usePlainForm', () => {
  it('loads the schema on focus, not on render', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    render(<Example onValid={vi.fn()} load={load} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Name'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows each field’s first problem on send, focuses the first, and checks again on every edit', async () => {
    const onValid = vi.fn();
    render(<Example onValid={onValid} load={() => Promise.resolve(schema)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Enter a name');
    screen.getByText('Enter an email');
    screen.getByText('Tick the box');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await waitFor(() => expect(screen.queryByText('Enter a name')).toBeNull());
    screen.getByText('Enter an email');
  });

  it('hands over what the schema makes of the fields: text trimmed, a checkbox as a boolean, the chosen radio', async () => {
    const onValid = vi.fn();
    render(<Example onValid={onValid} load={() => Promise.resolve(schema)} />);
    await userEvent.type(screen.getByLabelText('Name'), '  Ada ');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByLabelText('Agree'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Ada', email: 'ada@example.com', agree: true, plan: 'growth' });
  });

  it('puts a refused request’s field problems on the form’s fields and focuses the first', async () => {
    const refusal = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [
      { path: 'email', message: 'That address bounced' },
      { path: 'elsewhere', message: 'Not a field of this form' },
    ]);
    function Refused() {
      const { errors, formProps, showServerErrors } = usePlainForm(
        lazySchema<Values, z.output<typeof schema>>(() => Promise.resolve(schema)),
        (_values, form) => void showServerErrors(form, refusal, 'Try again'),
      );
      return (
        <form {...formProps} aria-label="Refused">
          <label>
            Name <input name="name" defaultValue="Ada" />
          </label>
          <label>
            Email <input name="email" defaultValue="ada@example.com" />
          </label>
          {errors.email ? <p>{errors.email}</p> : null}
          <input type="checkbox" name="agree" defaultChecked aria-label="Agree" />
          <input type="radio" name="plan" value="team" defaultChecked aria-label="Team" />
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Refused />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('That address bounced');
    expect(screen.queryByText('Not a field of this form')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});
