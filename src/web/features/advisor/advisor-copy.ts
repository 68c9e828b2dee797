/** The advisor's user-facing strings; the quoted ones are the spec's, exactly. */
export const ADVISOR_COPY = {
  thinking: 'Thinking...',
  errorTitle: 'Error',
  errorFallback: 'Failed to get response from AI assistant',
  apology: "Sorry, I'm having trouble connecting right now. Please try again.",
  noSubscriptionTitle: 'No subscription',
  noSubscriptionDescription: 'Please create a subscription first.',
  planFailed: 'Failed to save plan',
  workflowFailed: 'Failed to generate workflow',
  workflowCreatedTitle: 'Workflow created',
  workflowCreatedDescription: 'Opening Workflow Builder...',
  title: 'Compliance advisor',
  welcome:
    "Hi! I'm your compliance advisor. Ask me about frameworks (SOC 2, ISO 27001, GDPR, HIPAA, PCI DSS …), risk assessment, documentation or process improvement. When you ask for work to be done, I'll propose a plan you can keep.",
  guidanceNote: 'Guidance only, not legal advice.',
} as const;

/** The dashboard tabs the Quick Actions tab links to (product.md §2). */
export const QUICK_ACTIONS = [
  { tab: 'compliance', label: 'Compliance overview', description: 'Where your programme stands' },
  { tab: 'frameworks', label: 'Frameworks', description: 'SOC 2, ISO 27001, GDPR and more' },
  { tab: 'analytics', label: 'Analytics', description: 'Plans, steps and progress' },
  { tab: 'workflows', label: 'Workflows', description: 'Your generated workflows' },
  { tab: 'support', label: 'Support', description: 'Guides and our team' },
  { tab: 'integrations', label: 'Integrations', description: 'Connected tools' },
] as const;
