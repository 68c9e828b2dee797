/** The consultation dialog's words (product.md §8 toasts are exact). */
export const CONSULTATION_TOASTS = {
  sent: {
    title: 'Consultation Request Sent',
    description: "We'll get back to you within 24 hours. Please proceed to schedule your consultation.",
  },
  failed: {
    title: 'Error',
    description: 'Failed to send consultation request. Please try again or contact us directly.',
  },
  directContact: {
    title: 'Thank you!',
    description: 'Our team will contact you within 24 hours to schedule your consultation.',
  },
} as const;
