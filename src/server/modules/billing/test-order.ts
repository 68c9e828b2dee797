import type { SubscribeFormValues } from '../../../shared/schemas/billing.ts';

/** A complete, valid Growth order, for the billing tests. */
export const growthOrder: SubscribeFormValues = {
  plan: 'growth',
  company: { name: 'Acme Analytics GmbH', website: 'https://acme.example', size: '51-200', country: 'Germany' },
  billingContact: {
    name: 'Ada Lovelace',
    email: 'billing@acme.example',
    phone: '+49 30 1234567',
    address: 'Friedrichstraße 1\n10117 Berlin',
    purchaseOrder: 'PO-7781',
  },
  notes: 'SOC 2 Type I before our Q3 enterprise deal.',
  acceptTerms: true,
};
