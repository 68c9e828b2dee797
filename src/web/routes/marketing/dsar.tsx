import { useState } from 'react';
import { Link } from 'react-router';
import type { DsarReceipt as Receipt } from '../../../shared/schemas/dsar.ts';
import { DsarForm } from '../../features/dsar/components/dsar-form.tsx';
import { DsarReceipt } from '../../features/dsar/components/dsar-receipt.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = () => pageMeta('/dsar');

export default function DsarPage() {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:py-20">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">Privacy Request</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Make a privacy request</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">
        Ask us to access, delete, correct or send you a portable copy of the personal data we hold about you, or object to how we use it.
        You do not need an account. We answer within 30 days, inside the one month the GDPR allows and the 45 days of the CCPA; how we
        handle personal data is set out in our{' '}
        <Link to="/privacy-policy" className="font-medium text-primary underline-offset-4 hover:underline">
          privacy policy
        </Link>
        .
      </p>
      <div className="mt-10">
        {receipt ? <DsarReceipt receipt={receipt} onAnother={() => setReceipt(null)} /> : <DsarForm onFiled={setReceipt} />}
      </div>
    </section>
  );
}
