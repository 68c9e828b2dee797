import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { DsarReceipt as Receipt } from '../../../../shared/schemas/dsar.ts';
import { DSAR_REQUEST_TYPE_LABELS, DSAR_RESPONSE_DAYS } from '../../../../shared/rules/dsar.ts';
import { Button } from '../../../components/ui/button.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** Shown in place of the form once the request is stored: the reference and the date we answer by. */
export function DsarReceipt({ receipt, onAnother }: { receipt: Receipt; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="dsar-receipt-heading" className="max-w-2xl rounded-2xl border border-border bg-card p-6 shadow-sm">
      <CircleCheck className="size-10 text-emerald-600 dark:text-emerald-400" aria-hidden />
      <h2 id="dsar-receipt-heading" ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-semibold outline-none">
        We have received your request
      </h2>
      <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="text-muted-foreground">Reference</dt>
        <dd className="font-mono text-base font-semibold" data-testid="dsar-reference">
          {receipt.reference}
        </dd>
        <dt className="text-muted-foreground">Request</dt>
        <dd className="font-medium">{DSAR_REQUEST_TYPE_LABELS[receipt.requestType].label}</dd>
        <dt className="text-muted-foreground">Received</dt>
        <dd className="font-medium">{dateFormat.format(new Date(receipt.receivedAt))}</dd>
        <dt className="text-muted-foreground">We respond by</dt>
        <dd className="font-medium" data-testid="dsar-due-date">
          <time dateTime={receipt.dueAt}>{dateFormat.format(new Date(receipt.dueAt))}</time>
        </dd>
      </dl>
      <p className="mt-6 text-sm leading-6 text-muted-foreground">
        That is {DSAR_RESPONSE_DAYS} days after we received it, inside the deadlines the GDPR and the CCPA set. An acknowledgement with this
        reference is on its way to your inbox. We may first ask you to confirm your identity, so that we never disclose or change someone
        else&apos;s data.
      </p>
      <Button variant="outline" className="mt-6" onClick={onAnother}>
        Make another request
      </Button>
    </section>
  );
}
