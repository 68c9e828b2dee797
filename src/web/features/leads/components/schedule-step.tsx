import { ArrowLeft, CalendarDays, ExternalLink, Phone, UserRoundCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { BUSINESS_HOURS } from '../../../../shared/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { track } from '../../analytics/analytics.ts';
import { publicConfig } from '../../../lib/public-config.ts';

const optionClasses =
  'flex w-full items-start gap-3 rounded-lg border border-border bg-card p-4 text-left transition-colors hover:border-primary hover:bg-primary/5';

function OptionText({ title, description, icon }: { title: string; description: string; icon: ReactNode }) {
  return (
    <>
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">{icon}</span>
      <span className="grid gap-0.5">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted-foreground">{description}</span>
      </span>
    </>
  );
}

/**
 * The schedule step (product.md §4): book online (new tab), have the team call back (thanks toast,
 * then close), or call now (a tel: link); 'Back to Form' returns.
 */
export function ScheduleStep({ onDirectContact, onBack }: { onDirectContact: () => void; onBack: () => void }) {
  return (
    <div className="grid gap-3">
      <a
        href={publicConfig.schedulingUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={optionClasses}
        onClick={() => track({ event: 'contact_interaction', method: 'schedule_online', location: 'consultation_dialog' })}
      >
        <OptionText
          title="Book Online"
          description="Pick a time that suits you in our scheduling calendar (opens in a new tab)."
          icon={<CalendarDays className="size-5" aria-hidden />}
        />
        <ExternalLink className="ml-auto size-4 shrink-0 text-muted-foreground" aria-hidden />
      </a>
      <button
        type="button"
        className={optionClasses}
        onClick={() => {
          track({ event: 'contact_interaction', method: 'direct_contact', location: 'consultation_dialog' });
          onDirectContact();
        }}
      >
        <OptionText
          title="Have Us Contact You"
          description="Our team reaches out within 24 hours to find a time."
          icon={<UserRoundCheck className="size-5" aria-hidden />}
        />
      </button>
      <a
        href={publicConfig.salesPhoneHref}
        className={optionClasses}
        onClick={() => track({ event: 'contact_interaction', method: 'call_now', location: 'consultation_dialog' })}
      >
        <OptionText
          title="Call Now"
          description={`Speak to sales at ${publicConfig.salesPhone}.`}
          icon={<Phone className="size-5" aria-hidden />}
        />
      </a>
      <div className="rounded-lg bg-muted/60 p-3 text-sm">
        <p className="font-medium">Business hours</p>
        <ul className="mt-1 text-muted-foreground">
          {BUSINESS_HOURS.map((slot) => (
            <li key={slot.days}>
              {slot.days} {slot.hours}
              {slot.note ? ` (${slot.note})` : ''}
            </li>
          ))}
        </ul>
      </div>
      <Button variant="ghost" onClick={onBack} className="justify-self-start">
        <ArrowLeft aria-hidden /> Back to Form
      </Button>
    </div>
  );
}
