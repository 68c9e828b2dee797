import { Clock, MessageSquareReply, Phone } from 'lucide-react';
import { BUSINESS_HOURS, RESPONSE_PROMISE_HOURS } from '../../../../shared/constants.ts';
import { track } from '../../analytics/analytics.ts';
import { publicConfig } from '../../../lib/public-config.ts';
import { ContactForm } from './contact-form.tsx';

/** The landing page's contact section at #contact (product.md §2): promise, hours, phone and the form. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-20 border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-20 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">Contact</p>
          <h2 id="contact-heading" className="mt-2 text-3xl font-bold tracking-tight">
            Contact us
          </h2>
          <p className="mt-4 text-muted-foreground">
            Questions about plans, frameworks or how the agents work? Send us a message and a person will answer.
          </p>
          <ul className="mt-8 grid gap-6">
            <li className="flex gap-3">
              <MessageSquareReply className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <h3 className="text-sm font-semibold">We reply within {RESPONSE_PROMISE_HOURS} hours</h3>
                <p className="text-sm text-muted-foreground">Every message reaches our sales team the moment you send it.</p>
              </div>
            </li>
            <li className="flex gap-3">
              <Clock className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <h3 className="text-sm font-semibold">Business hours</h3>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  {BUSINESS_HOURS.map((slot) => (
                    <div key={slot.days} className="contents">
                      <dt className="font-medium">{slot.days}</dt>
                      <dd className="text-muted-foreground">
                        {slot.hours}
                        {slot.note ? ` (${slot.note})` : ''}
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            </li>
            <li className="flex gap-3">
              <Phone className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <h3 className="text-sm font-semibold">Call sales</h3>
                <a
                  href={publicConfig.salesPhoneHref}
                  className="text-sm text-primary hover:underline"
                  onClick={() => track({ event: 'contact_interaction', method: 'phone_link', location: 'contact_section' })}
                >
                  {publicConfig.salesPhone}
                </a>
              </div>
            </li>
          </ul>
        </div>
        <div className="rounded-xl border border-border bg-background p-6 shadow-sm sm:p-8">
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
