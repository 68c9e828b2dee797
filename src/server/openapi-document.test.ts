import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/test-database.ts';
import { buildApp } from './app.ts';

/**
 * The OpenAPI document at /api/docs is what integrators generate clients from: every operation
 * names itself (a stable camelCase verb + noun), says what it does, and describes its success body.
 */
const VERBS = [
  'activate',
  'add',
  'assign',
  'authorize',
  'cancel',
  'challenge',
  'check',
  'classify',
  'create',
  'deactivate',
  'decide',
  'delete',
  'download',
  'draw',
  'enroll',
  'export',
  'generate',
  'get',
  'import',
  'invite',
  'link',
  'list',
  'publish',
  'receive',
  'record',
  'remove',
  'reorder',
  'replace',
  'report',
  'resend',
  'resolve',
  'respond',
  'retry',
  'revise',
  'rotate',
  'save',
  'search',
  'send',
  'sign',
  'start',
  'submit',
  'unassign',
  'unenroll',
  'unlink',
  'update',
  'upload',
  'verify',
  // Issue 17: notifications, integrations, sample data.
  'mark',
  'revoke',
  'redeliver',
  'load',
  // Issue 17: support requests.
  'reply',
  // Issue 16: the schedule preview in the Workflow Builder.
  'preview',
  // Issue 36: a prospect asks for a trust-center document.
  'request',
  // Issue 36: a questionnaire is answered (answerQuestionnaire).
  'answer',
  // Issue 37: a person acknowledges a policy (acknowledgePolicy).
  'acknowledge',
  // Issue 35: a reviewer confirms what the reader extracted (confirmVendorDocumentExtraction, the issue's own name).
  'confirm',
  // Issue 38: a connection is tested and run on demand (testConnection, runConnection: the issue's own names).
  'test',
  'run',
];
const OPERATION_ID = new RegExp(`^(${VERBS.join('|')})[A-Z][a-zA-Z0-9]*$`);

/**
 * The GoTrue-compatible API keeps GoTrue's wire format, which auth-js reads (auth-wire.md); its
 * handlers' bodies are sent as built, not re-serialised through a response schema. Its operations
 * are named and summarised like ours, but their success bodies are GoTrue's documentation's to describe.
 */
const GOTRUE_PREFIX = '/auth/v1/';

/** Published ids (method path → id): a generated client breaks when one is renamed or dropped. */
const PUBLISHED: Record<string, string> = {
  'GET /health': 'checkHealth',
  'GET /api/v1/public-config': 'getPublicConfig',
  'GET /api/v1/me/access': 'getMyAccess',
  'POST /api/v1/me/access-denials': 'reportAccessDenied',
  'GET /api/v1/admin/users': 'listUsers',
  'POST /api/v1/admin/users': 'inviteUser',
  'GET /api/v1/admin/users/{userId}': 'getUserAccess',
  'DELETE /api/v1/admin/users/{userId}': 'deleteUser',
  'PUT /api/v1/admin/users/{userId}/access': 'replaceUserAccess',
  'GET /api/v1/admin/role-permissions': 'getRolePermissions',
  'PUT /api/v1/admin/role-permissions': 'replaceRolePermissions',
  'GET /api/v1/admin/security-events': 'listSecurityEvents',
  'GET /functions/v1/search-content': 'searchContent',
  'POST /api/v1/consents': 'recordConsent',
  'GET /api/v1/consents': 'listMyConsents',
  'POST /functions/v1/send-consultation-email': 'sendConsultationRequest',
  'POST /functions/v1/send-contact-form': 'sendContactForm',
  'GET /api/v1/press-articles': 'listPressArticles',
  'POST /api/v1/billing/checkout': 'createSubscription',
  'GET /api/v1/admin/billing/subscriptions': 'listSubscriptions',
  'POST /functions/v1/check-subscription': 'getMySubscription',
  'POST /api/v1/billing/stripe/webhook': 'receiveStripeWebhook',
  'POST /api/v1/dsar-requests': 'createDsarRequest',
  'GET /api/v1/admin/dsar-requests': 'listDsarRequests',
  'GET /api/v1/admin/dsar-requests/{id}': 'getDsarRequest',
  'POST /api/v1/admin/dsar-requests/{id}/resolution': 'resolveDsarRequest',
  'GET /api/v1/admin/organizations': 'listOrganizations',
  'POST /api/v1/admin/organizations': 'createOrganization',
  'GET /api/v1/admin/organizations/{organizationId}/staff': 'listStaffAssignments',
  'POST /api/v1/admin/organizations/{organizationId}/staff': 'assignStaff',
  'DELETE /api/v1/admin/organizations/{organizationId}/staff/{assignmentId}': 'unassignStaff',
  'GET /api/v1/organizations/mine': 'getMyOrganizations',
  'GET /api/v1/organizations/{organizationId}': 'getOrganization',
  'POST /functions/v1/task-chat-assistant': 'sendAdvisorMessage',
  'GET /api/v1/advisor/messages': 'listAdvisorMessages',
  'POST /api/v1/plans': 'createPlan',
  'GET /api/v1/plans': 'listPlans',
  'GET /api/v1/plans/{id}': 'getPlan',
  'POST /api/v1/plans/{id}/steps': 'addPlanStep',
  'PATCH /api/v1/plans/{id}/steps/{stepId}': 'updatePlanStep',
  'DELETE /api/v1/plans/{id}/steps/{stepId}': 'removePlanStep',
  'PUT /api/v1/plans/{id}/steps/order': 'reorderPlanSteps',
  'POST /api/v1/plans/{id}/submit': 'submitPlan',
  'GET /api/v1/reviews/plans': 'listPlanReviewQueue',
  'GET /api/v1/reviews/plans/{id}': 'getPlanForReview',
  'POST /api/v1/reviews/plans/{id}/decision': 'decidePlan',
  'POST /api/v1/workflows/generate': 'generateWorkflow',
  'GET /api/v1/workflows': 'listWorkflows',
  'GET /api/v1/workflows/{id}': 'getWorkflow',
  'POST /api/v1/workflows/{id}/versions': 'saveWorkflowVersion',
  'GET /api/v1/workflow-templates': 'listWorkflowTemplates',
  'POST /api/v1/organization-workflows': 'createWorkflowFromTemplate',
  'GET /api/v1/organization-workflows': 'listOrganizationWorkflows',
  'GET /api/v1/organization-workflows/{workflowId}': 'getOrganizationWorkflow',
  'PUT /api/v1/organization-workflows/{workflowId}': 'updateOrganizationWorkflow',
  'GET /api/v1/organization-workflows/{workflowId}/validation': 'checkOrganizationWorkflow',
  'POST /api/v1/organization-workflows/{workflowId}/publish': 'publishWorkflow',
  'POST /api/v1/organization-workflows/{workflowId}/status': 'updateWorkflowStatus',
  'POST /api/v1/organization-workflows/{workflowId}/runs': 'startWorkflowRun',
  'GET /api/v1/workflow-runs': 'listWorkflowRuns',
  'GET /api/v1/workflow-runs/{runId}': 'getWorkflowRun',
  'POST /api/v1/workflow-runs/{runId}/cancel': 'cancelWorkflowRun',
  'POST /api/v1/workflow-runs/{runId}/retry': 'retryWorkflowRun',
  'GET /api/v1/workflow-approvals': 'listWorkflowApprovals',
  'POST /api/v1/workflow-approvals/{approvalId}/decision': 'decideWorkflowApproval',
  'GET /api/v1/program-calendar': 'listProgramCalendar',
  'GET /api/v1/program-analytics': 'getProgramAnalytics',
  'POST /api/v1/workflow-schedule-preview': 'previewWorkflowSchedule',
  'PUT /api/v1/organization-time-zone': 'updateOrganizationTimeZone',
  'POST /auth/v1/token': 'createSession',
  'POST /auth/v1/signup': 'signUp',
  'GET /auth/v1/user': 'getCurrentUser',
  'POST /auth/v1/logout': 'signOut',
  'GET /api/v1/notifications': 'listNotifications',
  'POST /api/v1/integrations/api-keys': 'createApiKey',
  'POST /api/v1/integrations/webhooks': 'createWebhook',
  'GET /api/v1/integrations/webhooks/{webhookId}/deliveries': 'listWebhookDeliveries',
  // The audit (docs/audit.md).
  'GET /api/v1/audit-trail': 'listAuditTrail',
  'GET /api/v1/audit-trail/verify': 'verifyAuditTrail',
  'GET /api/v1/audit-trail/export.csv': 'exportAuditTrail',
  'GET /api/v1/engagements': 'listEngagements',
  'POST /api/v1/engagements': 'createEngagement',
  'GET /api/v1/engagements/{engagementId}/dashboard': 'getEngagementDashboard',
  'GET /api/v1/engagements/{engagementId}/requests': 'listAuditRequests',
  'POST /api/v1/engagements/{engagementId}/requests': 'addAuditRequest',
  'GET /api/v1/engagements/{engagementId}/requests/{requestId}': 'getAuditRequest',
  'POST /api/v1/engagements/{engagementId}/requests/{requestId}/decision': 'decideAuditRequest',
  'POST /api/v1/engagements/{engagementId}/requests/{requestId}/messages': 'respondAuditRequest',
  'POST /api/v1/engagements/{engagementId}/requests/{requestId}/task-request': 'createTaskFromAuditRequest',
  'GET /api/v1/engagements/{engagementId}/samples': 'listAuditSamples',
  'POST /api/v1/engagements/{engagementId}/samples': 'uploadSamplePopulation',
  'POST /api/v1/engagements/{engagementId}/samples/{sampleId}/draw': 'drawSample',
  'GET /api/v1/engagements/{engagementId}/package.zip': 'exportAuditPackage',
  'GET /api/v1/engagements/{engagementId}/evidence/{evidenceId}/download': 'downloadEngagementEvidence',
  // Support requests (docs/support.md).
  'GET /api/v1/support-requests': 'listSupportRequests',
  'POST /api/v1/support-requests': 'createSupportRequest',
  'GET /api/v1/support-requests/{id}': 'getSupportRequest',
  'POST /api/v1/support-requests/{id}/messages': 'replyToSupportRequest',
  'POST /api/v1/support-requests/{id}/status': 'updateSupportRequestStatus',
  'GET /api/v1/support-queue': 'listSupportQueue',
  'POST /api/v1/support-attachments': 'uploadSupportAttachment',
  'GET /api/v1/support-attachments/{id}': 'downloadSupportAttachment',
  'GET /api/v1/trust-centers/{slug}': 'getTrustCenter',
  'GET /api/v1/trust-centers/{slug}/documents/{documentId}/download': 'downloadTrustDocument',
  'POST /api/v1/trust-centers/{slug}/access-requests': 'requestTrustAccess',
  'GET /api/v1/trust-center': 'getTrustCenterSettings',
  'PUT /api/v1/trust-center': 'updateTrustCenter',
  'POST /api/v1/trust-center/documents': 'uploadTrustDocument',
  'POST /api/v1/trust-center/documents/picked': 'addTrustDocument',
  'GET /api/v1/trust-center/access-requests': 'listTrustAccessRequests',
  'POST /api/v1/trust-center/access-requests/{id}/decision': 'decideTrustAccess',
  // The policy center, the people roster and attestation campaigns (docs/policies.md).
  'GET /api/v1/policies': 'listPolicies',
  'POST /api/v1/policies': 'publishPolicy',
  'GET /api/v1/policies/{policyId}': 'getPolicy',
  'GET /api/v1/people': 'listPeople',
  'POST /api/v1/people/import': 'importPeople',
  'GET /api/v1/attestation-campaigns': 'listAttestationCampaigns',
  'POST /api/v1/attestation-campaigns': 'createAttestationCampaign',
  'GET /api/v1/attestation-campaigns/{campaignId}': 'getAttestationCampaign',
  'GET /api/v1/attestation': 'getAttestationInvitation',
  'POST /api/v1/attestation/acknowledgements': 'acknowledgePolicy',
  // Vendor questionnaires (docs/vendor-questionnaires.md).
  'POST /api/v1/vendors/{vendorId}/questionnaires': 'sendVendorQuestionnaire',
  'GET /api/v1/vendors/{vendorId}/questionnaires': 'listVendorQuestionnaires',
  'GET /api/v1/vendor-questionnaires/{questionnaireId}/files/{fileId}': 'downloadVendorQuestionnaireFile',
  'GET /api/v1/vendor-questionnaire/{token}': 'getVendorQuestionnaire',
  'PUT /api/v1/vendor-questionnaire/{token}/answers': 'saveVendorQuestionnaireAnswers',
  'POST /api/v1/vendor-questionnaire/{token}/files': 'uploadVendorQuestionnaireFile',
  'POST /api/v1/vendor-questionnaire/{token}/submission': 'submitVendorQuestionnaire',
  'GET /api/v1/admin/sample-data': 'getSampleDataStatus',
  'POST /api/v1/admin/sample-data': 'loadSampleData',
  'DELETE /api/v1/admin/sample-data': 'removeSampleData',
};

interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: object }>;
}
interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  responses?: Record<string, OpenApiResponse>;
}

let database: TestDatabase;
let app: FastifyInstance;
let operations: { key: string; path: string; operation: OpenApiOperation }[];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database });
  const response = await app.inject({ method: 'GET', url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  const document = response.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, operation })),
  );
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

/** A 2xx with a body schema, or a 204 declared on purpose (no body by definition). */
function hasSuccessSchema(operation: OpenApiOperation): boolean {
  return Object.entries(operation.responses ?? {}).some(
    ([status, response]) =>
      /^2\d\d$/.test(status) &&
      (status === '204' || Object.values(response.content ?? {}).some((media) => media.schema && Object.keys(media.schema).length > 0)),
  );
}

describe('the OpenAPI document at /api/docs', () => {
  it('documents the product API and the auth API', () => {
    const keys = operations.map((entry) => entry.key);
    expect(keys.filter((key) => / \/(api|functions)\/v1\//.test(key)).length).toBeGreaterThanOrEqual(49);
    expect(keys.filter((key) => key.includes(` ${GOTRUE_PREFIX}`)).length).toBeGreaterThanOrEqual(30);
    expect(keys).not.toContain('GET /api/docs');
  });

  it('names every operation with a camelCase verb and noun', () => {
    const offenders = operations
      .filter(({ operation }) => !OPERATION_ID.test(operation.operationId ?? ''))
      .map(({ key, operation }) => `${key}: ${operation.operationId ?? '(none)'}`);
    expect(offenders).toEqual([]);
  });

  it('never gives two operations the same id', () => {
    const seen = new Map<string, string[]>();
    for (const { key, operation } of operations)
      seen.set(operation.operationId ?? '', [...(seen.get(operation.operationId ?? '') ?? []), key]);
    expect([...seen].filter(([, keys]) => keys.length > 1)).toEqual([]);
  });

  it('summarises every operation', () => {
    expect(operations.filter(({ operation }) => !operation.summary?.trim()).map(({ key }) => key)).toEqual([]);
  });

  it('describes the success response of every operation outside the GoTrue-compatible API', () => {
    const offenders = operations
      .filter(({ path, operation }) => !path.startsWith(GOTRUE_PREFIX) && !hasSuccessSchema(operation))
      .map(({ key }) => key);
    expect(offenders).toEqual([]);
  });

  it('documents a 204 as no content', () => {
    const unassign = operations.find(({ operation }) => operation.operationId === 'unassignStaff');
    expect(unassign?.operation.responses).toEqual({ '204': { description: 'The assignment is removed' } });
  });

  it('keeps every published operationId on its operation', () => {
    const actual = Object.fromEntries(operations.map(({ key, operation }) => [key, operation.operationId]));
    expect(Object.fromEntries(Object.keys(PUBLISHED).map((key) => [key, actual[key]]))).toEqual(PUBLISHED);
  });
});
