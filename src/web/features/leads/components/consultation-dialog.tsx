import { useEffect, useRef, useState } from 'react';
import type { ConsultationRequest } from '../../../../shared/schemas/leads.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { track } from '../../analytics/analytics.ts';
import type { ConsultationPrefill } from '../consultation-link.ts';
import { useReturnFocus } from '../../../lib/use-return-focus.ts';
import { useSendConsultationEmail } from '../api/send-consultation-email.ts';
import { CONSULTATION_TOASTS } from '../consultation-copy.ts';
import { ConsultationForm, EMPTY_CONSULTATION, useConsultationForm } from './consultation-form.tsx';
import { ScheduleStep } from './schedule-step.tsx';

type Step = 'form' | 'schedule';

/**
 * 'Book Demo' (product.md §2, §4): the form step, then the schedule step after a successful send.
 * `prefill` (a link from the ROI calculator) fills the message and interest when it changes.
 */
export function ConsultationDialog({
  open,
  onOpenChange,
  prefill,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prefill?: ConsultationPrefill | null;
}) {
  const [step, setStep] = useState<Step>('form');
  const [isSent, setSent] = useState(false);
  const form = useConsultationForm();
  const { setValue } = form;
  useEffect(() => {
    if (!prefill) return;
    setValue('message', prefill.message);
    if (prefill.interest) setValue('interest', prefill.interest);
  }, [prefill, setValue]);
  const send = useSendConsultationEmail();
  const returnFocus = useReturnFocus();
  const titleRef = useRef<HTMLHeadingElement>(null);

  function changeOpen(next: boolean) {
    if (!next) {
      // A sent request starts the next visit clean; an unsent draft is kept.
      if (isSent) form.reset(EMPTY_CONSULTATION);
      setSent(false);
      setStep('form');
    }
    onOpenChange(next);
  }

  async function submit(request: ConsultationRequest) {
    track({ event: 'form_submission', form_name: 'consultation' });
    try {
      const receipt = await send.mutateAsync(request);
      toast({ ...CONSULTATION_TOASTS.sent, variant: 'success' });
      track({ event: 'form_completion', form_name: 'consultation', interest: request.interest });
      track({
        event: 'lead_qualification',
        form_name: 'consultation',
        interest: request.interest,
        interest_level: receipt.interestLevel,
        urgency: receipt.urgency,
      });
      setSent(true);
      setStep('schedule');
      // The form (and the focused button) is gone: start the new step at its title.
      window.requestAnimationFrame(() => titleRef.current?.focus());
    } catch {
      toast({ ...CONSULTATION_TOASTS.failed, variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        className="max-w-xl"
        onOpenAutoFocus={returnFocus.capture}
        onCloseAutoFocus={returnFocus.restore}
        data-testid="consultation-dialog"
      >
        <DialogHeader>
          <DialogTitle ref={titleRef} tabIndex={-1} className="outline-none">
            {step === 'form' ? 'Book a Demo' : 'Schedule Your Consultation'}
          </DialogTitle>
          <DialogDescription>
            {step === 'form'
              ? "Tell us about your company and we'll show you ComplianceCore on your own compliance goals."
              : 'Your request is in. Choose how you would like to schedule your consultation.'}
          </DialogDescription>
        </DialogHeader>
        {step === 'form' ? (
          <ConsultationForm form={form} isSending={send.isPending} onSubmit={(request) => void submit(request)} />
        ) : (
          <ScheduleStep
            onBack={() => {
              setStep('form');
              window.requestAnimationFrame(() => form.setFocus('firstName'));
            }}
            onDirectContact={() => {
              toast({ ...CONSULTATION_TOASTS.directContact, variant: 'success' });
              changeOpen(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
