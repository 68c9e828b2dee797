/**
 * Business constants and limits of product.md §9: the one source both the server and the web app import.
 */

export const PLAN_IDS = ['essential', 'growth', 'scale', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Interest options of the consultation and contact forms (product.md §3). */
export const INTEREST_OPTIONS = ['essential', 'growth', 'scale', 'enterprise', 'learn-more'] as const;
export type Interest = (typeof INTEREST_OPTIONS)[number];

/** Monthly price in US dollars; `null` where the price is custom. */
export const PLAN_MONTHLY_PRICE_USD: Record<PlanId, number | null> = {
  essential: 2500,
  growth: 5000,
  scale: 7500,
  enterprise: null,
};

export const INTEREST_LABELS: Record<Interest, string> = {
  essential: 'Essential – $2,500/month',
  growth: 'Growth – $5,000/month',
  scale: 'Scale – $7,500/month',
  enterprise: 'Enterprise – Custom pricing',
  'learn-more': 'Just learning more',
};

export const RESPONSE_PROMISE_HOURS = 24;

export const BUSINESS_HOURS = [
  { days: 'Mon-Fri', hours: '9:00 AM-6:00 PM', note: null },
  { days: 'Sat', hours: '10:00 AM-2:00 PM', note: 'by in-person appointment only' },
] as const;

export const MAX_INPUT_LENGTH = 10_000;

/** Acknowledgements of the lead forms sent to one address per hour; further leads are kept and announced to sales, unacknowledged. */
export const LEAD_ACKNOWLEDGEMENTS_PER_HOUR = 3;
/** The same person sending the same lead again within this many minutes gets the first receipt back; nothing new is stored or sent. */
export const LEAD_DUPLICATE_WINDOW_MINUTES = 10;
export const PRESS_ARTICLES_LIMIT = 6;

export const SEARCH = {
  debounceMs: 300,
  minQueryLength: 2,
  pageLimit: 20,
  maxResultsShown: 8,
  historyMax: 10,
  historyShown: 4,
  suggestionsMax: 5,
  fixedSuggestionTerms: [
    'compliance',
    'security',
    'audit',
    'risk',
    'framework',
    'documentation',
    'support',
    'automation',
    'assessment',
    'privacy',
  ],
} as const;

/** Browser storage keys (product.md §9), plus the keys later features add. */
export const STORAGE_KEYS = {
  demoMode: 'demo-mode',
  cookieConsent: 'cookie-consent',
  presentationMode: 'presentation-mode',
  theme: 'theme',
  searchHistory: 'search-history',
  aiTaskSuggestion: 'ai-task-suggestion',
  /** auth-js keeps the session (and the PKCE verifier, under `<key>-code-verifier`) here. */
  authSession: 'cc-auth-token',
  /** Where to go after an e-mail link or Google brings the user back signed in. */
  authReturnTo: 'auth-return-to',
} as const;

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

export const AUTH_REFRESH_BACKOFF_START_MS = 200;
/** The auth service's password policy, checked again (and authoritatively) by the server. */
export const AUTH_PASSWORD_MIN_LENGTH = 8;
export const AUTH_PASSWORD_MAX_LENGTH = 1024;

export const TIMINGS = {
  heroCarouselMs: 4000,
  wizardAiStepMs: 2000,
  toastDurationMs: 5000,
  toastLimit: 1,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  scrollAreaHideDelayMs: 600,
} as const;

export const PROGRESS_DEFAULT_MAX = 100;
/** Create-task wizard demo (product.md §4): progress is the step (1-3) times this. */
export const WIZARD_STEP_PERCENT = 33.33;

/** Score bands (product.md §4): ≥90 excellent, 80–89 good, below 80 needs improvement. */
export const SCORE_THRESHOLDS = { excellent: 90, good: 80 } as const;
/** Risk bands (product.md §4): under 50 low, under 80 medium, otherwise high. */
export const RISK_THRESHOLDS = { low: 50, medium: 80 } as const;

export const AI_SUGGESTION_DEFAULTS = { priority: 3, category: 'compliance_assessment' } as const;

export const GENERATED_WORKFLOW = {
  nodeCount: 5,
  edgeCount: 4,
  isPublic: false,
  version: 1,
  category: 'compliance',
} as const;

export const CHAT_WIDGET_SIZE = {
  normal: { width: 384, height: 500 },
  expanded: { width: 500, height: 600 },
} as const;

/**
 * Where the route guard sends a signed-out visitor, and where a failed check lands (product.md §4).
 * Here, not beside the permissions: the auth provider on every public page reads them, and the
 * permission tables (a few KB only the workspace needs) must not come with them.
 */
export const SIGN_IN_PATH = '/auth';
export const ACCESS_DENIED_PATH = '/dashboard-compliancecore';
