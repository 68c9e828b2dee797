import * as access from './schema/access.ts';
import * as advisor from './schema/advisor.ts';
import * as agentRuns from './schema/agent-runs.ts';
import * as auth from './schema/auth.ts';
import * as billing from './schema/billing.ts';
import * as consent from './schema/consent.ts';
import * as content from './schema/content.ts';
import * as deliverables from './schema/deliverables.ts';
import * as dsar from './schema/dsar.ts';
import * as leads from './schema/leads.ts';
import * as mail from './schema/mail.ts';
import * as organizationsSchema from './schema/organizations.ts';
import * as assistantPlans from './schema/assistant-plans.ts';
import * as reviews from './schema/reviews.ts';
import * as taskRequests from './schema/task-requests.ts';
import * as workflows from './schema/workflows.ts';
import * as frameworks from './schema/frameworks.ts';
import * as controls from './schema/controls.ts';
import * as evidence from './schema/evidence.ts';
import * as risks from './schema/risks.ts';
import * as workflowRuns from './schema/workflow-runs.ts';
import * as audit from './schema/audit.ts';
import * as notifications from './schema/notifications.ts';
import * as integrations from './schema/integrations.ts';
import * as engagements from './schema/engagements.ts';
import * as support from './schema/support.ts';
import * as trustCenter from './schema/trust-center.ts';
import * as questionnaires from './schema/questionnaires.ts';
import * as scim from './schema/scim.ts';
import * as connectors from './schema/connectors.ts';
import * as sso from './schema/sso.ts';

/** The drizzle schema object: every domain's tables, for the typed client. */
export const schema = {
  ...access,
  ...auth,
  ...billing,
  ...consent,
  ...content,
  ...dsar,
  ...leads,
  ...mail,
  ...organizationsSchema,
  ...advisor,
  ...assistantPlans,
  ...workflows,
  ...taskRequests,
  ...agentRuns,
  ...reviews,
  ...deliverables,
  ...frameworks,
  ...controls,
  ...evidence,
  ...risks,
  ...workflowRuns,
  ...audit,
  ...notifications,
  ...integrations,
  ...engagements,
  ...support,
  ...trustCenter,
  ...questionnaires,
  ...scim,
  ...connectors,
  ...sso,
};
export type Schema = typeof schema;
