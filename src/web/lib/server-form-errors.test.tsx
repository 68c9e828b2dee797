import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { serverFormErrors, setServerFormErrors } from './server-form-errors.ts';

const invalid = (issues: { path: string; message: string }[]) => new ApiError(400, 'VALIDATION_FAILED', 'Invalid request', issues);

describe('serverFormErrors', () => {
  it('gives each field the first message at or under its path, the longest field first', () => {
    const error = invalid([
      { path: 'company.name', message: 'Enter the company name' },
      { path: 'company', message: 'Company is wrong' },
      { path: 'items.0.label', message: 'Label too long' },
      { path: 'items.1.label', message: 'Second label' },
    ]);
    expect(serverFormErrors(error, ['company', 'company.name', 'items'], 'Try again')).toEqual({
      fields: { 'company.name': 'Enter the company name', company: 'Company is wrong', items: 'Label too long' },
      message: null,
    });
  });

  it('leaves the problem to the form when no field takes it, and uses the fallback for other failures', () => {
    expect(serverFormErrors(invalid([{ path: 'other', message: 'No' }]), ['name'], 'Try again')).toEqual({
      fields: {},
      message: 'Invalid request',
    });
    expect(serverFormErrors(new ApiError(409, 'CONFLICT', 'Already there'), ['name'], 'Try again')).toEqual({
      fields: {},
      message: 'Already there',
    });
    expect(serverFormErrors(new TypeError('failed to fetch'), ['name'], 'Try again')).toEqual({ fields: {}, message: 'Try again' });
  });
});

function Example({ failure }: { failure: unknown }) {
  const form = useForm<{ name: string; email: string }>({ defaultValues: { name: '', email: '' } });
  const [message, setMessage] = useState<string | null>(null);
  const submit = form.handleSubmit(() => setMessage(setServerFormErrors(form, failure, ['name', 'email'], 'Try again')));
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <label>
        Name <input {...form.register('name')} aria-invalid={errors.name ? true : undefined} />
      </label>
      {errors.name ? <p>{errors.name.message}</p> : null}
      <label>
        Email <input {...form.register('email')} aria-invalid={errors.email ? true : undefined} />
      </label>
      {errors.email ? <p>{errors.email.message}</p> : null}
      {message ? <p role="alert">{message}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

describe('setServerFormErrors', () => {
  it('puts the server’s messages on the fields and focuses the first of them in the page’s order', async () => {
    render(
      <Example
        failure={invalid([
          { path: 'email', message: 'Use a work address' },
          { path: 'name', message: 'Name taken' },
        ])}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Name taken');
    screen.getByText('Use a work address');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('returns the form’s message when no field takes the problem', async () => {
    render(<Example failure={new ApiError(409, 'CONFLICT', 'Already there')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Already there');
  });
});
