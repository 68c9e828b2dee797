/** The contact form's words (product.md §8 messages are exact). */
export const CONTACT_COPY = {
  sent: { title: 'Message Sent!', description: "Thank you for contacting us. We'll get back to you within 24 hours." },
  failed: {
    title: 'Submission Failed',
    description: 'There was an error sending your message. Please try again or contact us directly.',
  },
  unexpected: { title: 'Submission Error', description: 'An unexpected error occurred. Please try again.' },
} as const;
