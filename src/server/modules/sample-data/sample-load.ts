import { ROLE_PERMISSIONS } from '../../../shared/permissions.ts';
import { SAMPLE_ACCOUNT_KINDS, SAMPLE_ACCOUNTS, SAMPLE_COMPANY, type SampleAccountKind } from '../../../shared/schemas/sample-data.ts';
import { AppError } from '../../app-error.ts';
import { replaceUserAccess } from '../access/access-admin.service.ts';
import { SYSTEM_ORIGIN } from '../../platform/audit/record-audit.ts';
import { adminCreateUser } from '../auth/admin/admin.service.ts';
import { createSubscriptionRecords } from '../billing/billing.service.ts';
import { updateControl } from '../controls/controls.service.ts';
import { createEngagement } from '../engagements/engagements.service.ts';
import { uploadEvidence } from '../evidence/evidence-create.ts';
import { catalogueIndex } from '../frameworks/catalogue-index.ts';
import { activateFramework, type ProgrammeContext } from '../frameworks/frameworks.service.ts';
import { discardMailTo } from '../../platform/mail/mail-outbox.ts';
import { createRisk } from '../risks/risks.service.ts';
import { addInvitedMember } from '../organizations/organization-members.ts';
import { markSampleOrganization, recordStaffAssignment } from '../organizations/organization-records.ts';
import { daysFrom, EVIDENCE_FILES, isoDay, PREFERRED_CONTROLS, RISKS } from './sample-content.ts';
import { InlineJobs, type SampleContext, type SampleDataDeps } from './sample-context.ts';
import { handOverOpenRuns, loadSampleRequests, loadSampleWorkflows } from './sample-work.ts';
import { tenantOf } from '../../platform/tenancy/tenant.ts';

/**
 * Builds the sample organization (docs/sample-data.md), acting as its own people through the services:
 * the accounts, checkout's records, the programme, then the work (sample-work.ts) and the engagement.
 */

const SYSTEM = { kind: 'all', userId: null } as const;

export function sampleAddresses(): string[] {
  return SAMPLE_ACCOUNT_KINDS.map((kind) => SAMPLE_ACCOUNTS[kind].email);
}

async function createAccountsAndOrganization(deps: SampleDataDeps, jobs: InlineJobs, password: string, now: Date) {
  const { db } = deps;
  const step = (name: string) => deps.onStep?.(name);
  step('accounts');
  const ids = {} as Record<SampleAccountKind, string>;
  for (const kind of SAMPLE_ACCOUNT_KINDS) {
    const account = SAMPLE_ACCOUNTS[kind];
    const bundle = await adminCreateUser(deps.authDeps, {
      email: account.email,
      password,
      email_confirm: true,
      user_metadata: { full_name: account.name },
      app_metadata: { sample: true },
    }).catch(() => {
      throw new AppError('CONFLICT', `${account.email} already has an account that is not the sample’s: remove that account first.`);
    });
    ids[kind] = bundle.user.id;
  }

  step('organization');
  // Checkout's own records (organization, owner membership, subscription), then the sample mark.
  const organizationId = await tenantOf(db, SYSTEM).transaction(async (tx) => {
    const subscription = await createSubscriptionRecords(tx, {
      userId: ids.client_manager,
      input: {
        plan: 'growth',
        company: { name: SAMPLE_COMPANY.companyName, website: SAMPLE_COMPANY.website, size: '201-500', country: SAMPLE_COMPANY.country },
        billingContact: {
          name: SAMPLE_ACCOUNTS.client_manager.name,
          email: SAMPLE_ACCOUNTS.client_manager.email,
          address: `100 Congress Avenue, ${SAMPLE_COMPANY.companyInfo.headquarters}`,
          phone: undefined,
          purchaseOrder: undefined,
        },
        notes: 'Sample organization (Admin Sample Data Manager).',
        acceptTerms: true,
      },
      provider: 'manual',
      status: 'active',
      periodStart: daysFrom(now, -20),
      periodEnd: daysFrom(now, 10),
    });
    const id = subscription.organizationId;
    if (!id) throw new Error('loadSampleData: the subscription has no organization');
    // The loader's own entry; what follows is replayed as the sample accounts, whose entries are the sample's history.
    await markSampleOrganization(tx, deps.origin, {
      organizationId: id,
      timeZone: 'America/Chicago',
      after: { name: SAMPLE_COMPANY.companyName, accounts: Object.keys(ids) },
    });
    await replaceUserAccess(tx, {
      userId: ids.client_manager,
      userType: 'client',
      roles: [{ role: 'client_manager', is_approver: false, is_integration_admin: false, is_data_ai_admin: false }],
      scopes: [],
    });
    await addInvitedMember(tx, jobs, {
      organizationId: id,
      userId: ids.client_member,
      origin: { actor: ids.client_manager, ip: null, userAgent: null },
    });
    for (const [kind, role] of [
      ['reviewer', 'consultant'],
      ['auditor', 'auditor'],
    ] as const) {
      await replaceUserAccess(tx, {
        userId: ids[kind],
        userType: 'staff',
        roles: [{ role, is_approver: kind === 'reviewer', is_integration_admin: false, is_data_ai_admin: false }],
        scopes: [],
      });
    }
    await recordStaffAssignment(tx, SYSTEM_ORIGIN, { organizationId: id, staffUserId: ids.reviewer, engagementRole: 'lead_consultant' });
    return id;
  });

  return { ids, organizationId };
}

async function loadProgramme(context: Omit<SampleContext, 'controlIds'>): Promise<string[]> {
  const { deps, now, ids, organizationId, manager, reviewer, staffContext } = context;
  const { catalogue } = staffContext;
  const step = (name: string) => deps.onStep?.(name);
  step('frameworks and controls');
  for (const [frameworkId, auditType, targetDays] of [
    ['soc2', 'type2', 150],
    ['hipaa', null, 210],
  ] as const) {
    await activateFramework(
      staffContext,
      frameworkId,
      { organizationId, targetDate: isoDay(daysFrom(now, targetDays)), ...(auditType ? { auditType } : {}) },
      now,
    );
  }
  const soc2Controls = [...(catalogue.controlIdsByFramework.get('soc2') ?? [])];
  const chosen = [...PREFERRED_CONTROLS.filter((id) => soc2Controls.includes(id)), ...soc2Controls].filter(
    (id, index, all) => all.indexOf(id) === index,
  );
  const controlIds = chosen.slice(0, 8);
  const statuses = ['implemented', 'implemented', 'implemented', 'in_progress', 'in_progress', 'implemented', 'in_progress', 'not_started'];
  for (const [index, controlId] of controlIds.entries()) {
    const status = statuses[index] ?? 'in_progress';
    if (status === 'not_started') continue;
    await updateControl(
      staffContext,
      controlId,
      {
        organizationId,
        status: status as 'implemented' | 'in_progress',
        ownerId: index % 2 === 0 ? ids.client_manager : ids.client_member,
      },
      now,
    );
  }

  step('evidence');
  let offset = 0;
  for (const file of EVIDENCE_FILES) {
    const linked = controlIds.slice(offset, offset + file.controls);
    offset += file.controls;
    if (linked.length === 0) continue;
    await uploadEvidence(
      manager,
      deps.store,
      { userId: ids.client_manager, reader: { permissions: new Set(ROLE_PERMISSIONS.client_manager), scopes: [] } },
      {
        fields: {
          organizationId,
          title: file.title,
          description: 'Sample evidence.',
          controlIds: linked,
          collectedAt: daysFrom(now, -file.daysAgo).toISOString(),
        },
        file: { bytes: Buffer.from(file.body(SAMPLE_COMPANY.companyName), 'utf8'), fileName: file.fileName },
        now,
      },
    );
  }

  step('risks');
  for (const risk of RISKS) {
    await createRisk(
      reviewer,
      { userId: ids.reviewer, reader: staffContext.reader },
      {
        organizationId,
        ...risk,
        description: 'Sample risk.',
        ownerId: ids.client_manager,
        reviewDate: isoDay(daysFrom(now, 60)),
        controlIds: controlIds.slice(0, 2),
        region: '',
        businessUnit: '',
      },
      now,
    );
  }
  return controlIds;
}

export async function buildSample(deps: SampleDataDeps, password: string): Promise<void> {
  const { db } = deps;
  const now = new Date();
  const jobs = new InlineJobs();
  const { ids, organizationId } = await createAccountsAndOrganization(deps, jobs, password, now);
  const manager = tenantOf(db, { kind: 'member', userId: ids.client_manager, organizationId });
  const reviewer = tenantOf(db, { kind: 'staff', userId: ids.reviewer, organizationIds: [organizationId] });
  const staffContext: ProgrammeContext = {
    tenant: reviewer,
    catalogue: await catalogueIndex(db),
    reader: { permissions: new Set(ROLE_PERMISSIONS.consultant), scopes: [] },
  };
  const base = { deps, now, jobs, ids, organizationId, manager, reviewer, staffContext, openRuns: [] };
  const context: SampleContext = { ...base, controlIds: await loadProgramme(base) };
  await loadSampleRequests(context);
  await loadSampleWorkflows(context);
  const step = (name: string) => deps.onStep?.(name);
  step('audit engagement');
  await createEngagement(reviewer, {
    input: {
      organizationId,
      name: 'SOC 2 Type II — 2026',
      frameworkId: 'soc2',
      auditType: 'type2',
      periodStart: isoDay(daysFrom(now, -180)),
      periodEnd: isoDay(daysFrom(now, -1)),
      fieldworkStart: isoDay(daysFrom(now, 14)),
      fieldworkEnd: isoDay(daysFrom(now, 28)),
      accessEndsOn: isoDay(daysFrom(now, 90)),
      auditorEmails: [SAMPLE_ACCOUNTS.auditor.email],
    },
    auditors: [{ userId: ids.auditor, email: SAMPLE_ACCOUNTS.auditor.email, invited: false }],
    origin: deps.publicOrigin,
    jobs,
  });

  // Mail the sample's services queued to its own (undeliverable) addresses is never sent.
  await discardMailTo(db, sampleAddresses());
  step('open work to the queue');
  await handOverOpenRuns(context);
  step('done');
}
