import { zodResolver } from '@hookform/resolvers/zod';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField, fieldControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useAuth } from '../../auth/auth.tsx';
import { getAuthClient } from '../../auth/auth-client.ts';
import { authErrorMessage } from '../../auth/auth-errors.ts';
import { factorPhone } from '../../auth/auth-session.ts';
import { CodeForm } from './code-form.tsx';
import { FactorList } from './factor-list.tsx';
import { SectionCard } from './section-card.tsx';

const phoneFormSchema = z.object({
  phone: z
    .string()
    .transform((value) => value.replace(/[\s().-]/g, ''))
    .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'Enter the number with its country code, like +44 20 7946 0958')),
});
type PhoneFormInput = z.input<typeof phoneFormSchema>;
type PhoneForm = z.output<typeof phoneFormSchema>;

interface Pending {
  factorId: string;
  phone: string;
  challengeId: string | null;
}

/** A phone as second factor: enroll the number, confirm it with a texted code, remove it. */
export function PhoneSection() {
  const { user, reloadUser } = useAuth();
  const phones = (user?.factors ?? []).filter((factor) => factor.factor_type === 'phone');
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PhoneFormInput, unknown, PhoneForm>({ resolver: zodResolver(phoneFormSchema), defaultValues: { phone: '' } });
  const { errors, isSubmitting } = form.formState;

  async function sendCode(factorId: string, phone: string) {
    const client = await getAuthClient();
    const { data, error: challengeError } = await client.mfa.challenge({ factorId });
    if (challengeError) setError(authErrorMessage(challengeError));
    setPending({ factorId, phone, challengeId: challengeError ? null : data.id });
  }

  const onEnroll = form.handleSubmit(async ({ phone }) => {
    setError(null);
    const client = await getAuthClient();
    const { data, error: enrollError } = await client.mfa.enroll({ factorType: 'phone', phone, friendlyName: `Phone ${phone}` });
    if (enrollError) {
      setError(authErrorMessage(enrollError));
      return;
    }
    await sendCode(data.id, phone);
  });

  async function verify(code: string): Promise<boolean> {
    if (!pending?.challengeId) return false;
    setError(null);
    const client = await getAuthClient();
    const { error: verifyError } = await client.mfa.verify({ factorId: pending.factorId, challengeId: pending.challengeId, code });
    if (verifyError) {
      setError(authErrorMessage(verifyError));
      return false;
    }
    setPending(null);
    form.reset();
    toast({ title: 'Phone verification is on', description: 'You can choose a texted code when you sign in.', variant: 'success' });
    return true;
  }

  async function remove(factorId: string, { quiet = false } = {}): Promise<string | null> {
    const client = await getAuthClient();
    const { error: removeError } = await client.mfa.unenroll({ factorId });
    if (removeError) return authErrorMessage(removeError);
    if (pending?.factorId === factorId) setPending(null);
    await reloadUser().catch(() => undefined);
    if (!quiet) toast({ title: 'Phone removed' });
    return null;
  }

  return (
    <SectionCard id="phone" title="Two-factor: phone" description="A 6-digit code sent by text message, as your second factor or a backup.">
      <FactorList
        factors={phones}
        icon={Smartphone}
        nameOf={(factor) => factorPhone(factor) ?? 'Phone'}
        pendingLabel="Not verified"
        removeLabel={(factor) => `Remove phone ${factorPhone(factor) ?? ''}`.trim()}
        removeTitle="Remove this phone?"
        removeDescription="Codes sent to it will no longer be accepted."
        onRemove={(factorId) => remove(factorId)}
      />
      <FormError message={error} />
      {pending ? (
        <div className="mt-4 grid gap-3">
          <p className="text-sm text-muted-foreground">
            {pending.challengeId ? `We texted a code to ${pending.phone}.` : `Send a code to ${pending.phone} to confirm it.`}
          </p>
          <CodeForm id="phone-enroll-code" label="Code from the text message" submitLabel="Verify Phone" onCode={verify}>
            <Button type="button" variant="outline" onClick={() => void sendCode(pending.factorId, pending.phone)}>
              Send a New Code
            </Button>
            <Button type="button" variant="ghost" onClick={() => void remove(pending.factorId, { quiet: true })}>
              Cancel
            </Button>
          </CodeForm>
        </div>
      ) : (
        <form onSubmit={(event) => void onEnroll(event)} noValidate className="mt-1 grid max-w-md gap-3" aria-label="Add a phone">
          <FormField id="mfa-phone" label="Mobile number" error={errors.phone?.message}>
            <Input
              type="tel"
              autoComplete="tel"
              placeholder="+44 20 7946 0958"
              {...fieldControlProps('mfa-phone', { error: errors.phone?.message })}
              {...form.register('phone')}
            />
          </FormField>
          <Button type="submit" disabled={isSubmitting} className="justify-self-start">
            {isSubmitting ? 'Sending code…' : 'Add Phone'}
          </Button>
        </form>
      )}
    </SectionCard>
  );
}
