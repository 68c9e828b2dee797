import { RESPONSE_PROMISE_HOURS } from '../../../shared/constants.ts';
import { PLANS, describeSeats, formatMonthlyPrice } from '../../../shared/pricing-plans.ts';

/** Questions a buyer asks before subscribing; also published as FAQPage JSON-LD on /pricing. */
export interface FaqItem {
  question: string;
  answer: string;
}

const planPrices = PLANS.filter((plan) => plan.monthlyPriceUsd !== null)
  .map((plan) => `${plan.name} ${formatMonthlyPrice(plan)}`)
  .join(', ');

export const PRICING_FAQ: FaqItem[] = [
  {
    question: 'What does "unlimited tasks" actually mean?',
    answer:
      'Submit as many task requests as you like — a policy to draft, evidence to collect, a security questionnaire, a vendor to assess, a risk to analyse. We work through them in the order you set. Plans differ in how many frameworks we run at the same time and how fast each task comes back, never in whether a task is in scope.',
  },
  {
    question: 'Is the audit fee included?',
    answer:
      'No. Your certifying auditor (the CPA firm for SOC 2, the certification body for ISO 27001) must be independent of whoever prepared you, so you contract and pay them directly. We prepare you, coordinate with them and support you through fieldwork, and we can introduce auditors we have worked with.',
  },
  {
    question: 'Who actually does the work — AI or people?',
    answer:
      'Both, with a clear split. AI agents draft, map controls, collect and check evidence around the clock. Certified human reviewers check every deliverable before it reaches you and sign off on anything an auditor will rely on. Nothing is delivered without a human review.',
  },
  {
    question: 'How does billing work?',
    answer: `Plans are billed monthly in US dollars: ${planPrices}. By default we invoice at the start of each period, payable by bank transfer within 30 days; card payment through Stripe is available on request. Enterprise can be billed monthly or annually.`,
  },
  {
    question: 'Can I change plans or cancel?',
    answer:
      'Yes. Essential, Growth and Scale have no minimum term: upgrade at any time (the new price applies from the next period) or cancel before the next period starts. Your evidence library and deliverables stay exportable for 90 days after you leave.',
  },
  {
    question: 'How many people can use the workspace?',
    answer: `${PLANS.map((plan) => `${plan.name}: ${describeSeats(plan).toLowerCase()}`).join('; ')}. Seats are for your own staff; your auditor gets read-only access to the evidence library at no charge.`,
  },
  {
    question: 'How long until we are audit-ready?',
    answer:
      'For a first SOC 2 Type I or ISO 27001 certification, most companies with working engineering practices are ready in 8 to 14 weeks; the main variable is how quickly your team can make the changes the gap assessment finds. A SOC 2 Type II then needs an observation period (usually 3 to 6 months) before the audit.',
  },
  {
    question: 'Which plan should we start with?',
    answer: `Pick by the number of frameworks you need at the same time and how fast your deadlines are. One framework and no hard deadline: Essential. Customers asking for SOC 2 and ISO 27001 together, or a deal waiting on a report: Growth. A regulated business or a full programme with monitoring: Scale. Not sure? Book a consultation and we will tell you within ${RESPONSE_PROMISE_HOURS} hours.`,
  },
];
