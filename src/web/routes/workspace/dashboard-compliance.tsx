import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isPlanId, planById } from '../../../shared/pricing-plans.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { LoadFailed } from '../../components/ui/load-states.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCan } from '../../features/auth/access.ts';
import { useAuth } from '../../features/auth/auth.tsx';
import { useControls, useReadiness } from '../../features/controls/api/controls-api.ts';
import { ControlsRegister } from '../../features/controls/components/controls-register.tsx';
import { ControlsByStatus, FrameworkReadinessList, NextActions } from '../../features/controls/components/readiness-overview.tsx';
import { EvidenceBriefList } from '../../features/evidence/components/evidence-brief-list.tsx';
import { EvidenceRegister } from '../../features/evidence/components/evidence-register.tsx';
import { EvidenceUploadDialog } from '../../features/evidence/components/evidence-upload-dialog.tsx';
import { readinessReport, registerExport } from '../../features/registers/api/registers-api.ts';
import { DownloadButton } from '../../features/registers/components/download-button.tsx';
import { ImportDialog } from '../../features/registers/components/import-dialog.tsx';
import { RiskRegister } from '../../features/risks/components/risk-register.tsx';
import { cn } from '../../lib/cn.ts';
import { ProgrammeOrganizationGate, ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';
import { ClientAuditRequests } from '../../features/engagements/components/client-audit-requests.tsx';
import { useOrganization } from '../../features/organizations/api/get-organization.ts';
import { COMPLIANCE_SECTIONS, type ComplianceSection, workspaceHref } from '../../../shared/workspace-links.ts';

const SECTIONS = COMPLIANCE_SECTIONS;
type Section = ComplianceSection;
const SECTION_LABELS: Record<Section, string> = { overview: 'Overview', controls: 'Controls', evidence: 'Evidence', risks: 'Risks' };

/** A link inside the tab: the section (and its filters), keeping the chosen organization. */
function useTabHref() {
  const [params] = useSearchParams();
  const org = params.get('org');
  return (section: Section, filters: Record<string, string> = {}) => workspaceHref.compliance(section, { ...filters, organizationId: org });
}

/** A next action's link as the server wrote it, with the staff member's chosen organization kept. */
function withOrganization(href: string, org: string | null): string {
  if (!org) return href;
  const url = new URL(href, 'http://workspace.invalid');
  if (!url.searchParams.has('org')) url.searchParams.set('org', org);
  return `${url.pathname}${url.search}`;
}

const planName = (plan: string) => (isPlanId(plan) ? planById(plan).name : plan);

/**
 * The subscription the programme runs under, which belongs to the organization (docs/programme.md): a
 * client's (their own or, for an invited colleague, the organization's), or for staff the chosen client
 * organization's. "No subscription yet. Choose a plan" is said only to a client without one; staff and
 * auditors have no plan of their own and are never asked to buy one.
 */
function SubscriptionLine({ programme }: { programme: ReturnType<typeof useProgrammeOrganization> }) {
  const { subscription } = useAuth();
  const current = subscription?.subscription ?? null;
  if (current)
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        Subscription: {planById(current.plan).name} plan{' '}
        <Badge tone={current.status === 'active' ? 'green' : 'yellow'}>{current.status.replace('_', ' ')}</Badge>
      </p>
    );
  if (programme.picker) return <ClientSubscriptionLine organizationId={programme.organizationId} />;
  if (!subscription || programme.isLoading) return null;
  return (
    <p className="text-sm text-muted-foreground">
      No subscription yet.{' '}
      <Link to="/pricing" className="font-medium text-primary underline underline-offset-2">
        Choose a plan
      </Link>{' '}
      to keep plans from the advisor and send us work.
    </p>
  );
}

/** Staff: the chosen client organization's plan (nothing until one is chosen, or for one they do not reach). */
function ClientSubscriptionLine({ organizationId }: { organizationId: string | null | undefined }) {
  const organization = useOrganization(organizationId).data;
  if (!organization) return null;
  return organization.plan ? (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      {organization.name}: {planName(organization.plan)} plan{' '}
      {organization.subscriptionStatus ? (
        <Badge tone={organization.subscriptionStatus === 'active' ? 'green' : 'yellow'}>
          {organization.subscriptionStatus.replace('_', ' ')}
        </Badge>
      ) : null}
    </p>
  ) : (
    <p className="text-sm text-muted-foreground">{organization.name} has no subscription.</p>
  );
}

function Overview({ organizationId, canReadRisks }: { organizationId: string | undefined; canReadRisks: boolean }) {
  const readiness = useReadiness(organizationId);
  const href = useTabHref();
  const [params] = useSearchParams();
  if (readiness.isPending) return <Spinner label="Working out your readiness" />;
  if (readiness.isError) return <LoadFailed title="Your readiness could not be loaded" onRetry={() => void readiness.refetch()} />;
  const data = readiness.data;
  return (
    <div className="space-y-8">
      <FrameworkReadinessList readiness={data} frameworksHref={workspaceHref.framework(null, { organizationId: params.get('org') })} />
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <ControlsByStatus readiness={data} statusHref={(status) => href('controls', { status })} />
        <NextActions actions={data.nextActions} toHref={(target) => withOrganization(target, params.get('org'))} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <EvidenceBriefList
          title="Expiring in the next 30 days"
          items={data.expiringEvidence}
          empty="No evidence expires in the next 30 days."
          tone="yellow"
          href={href('evidence', { state: 'expiring' })}
        />
        <EvidenceBriefList
          title="Stale evidence"
          items={data.staleEvidence}
          empty="No evidence has gone stale."
          tone="red"
          href={href('evidence', { state: 'stale' })}
        />
      </div>
      <section aria-labelledby="exports-heading" className="space-y-3">
        <h3 id="exports-heading" className="text-lg font-semibold">
          Reports and exports
        </h3>
        <div className="flex flex-wrap gap-2">
          <DownloadButton request={readinessReport(organizationId)}>Readiness report (PDF)</DownloadButton>
          <DownloadButton request={registerExport('controls', organizationId)}>Controls (CSV)</DownloadButton>
          <DownloadButton request={registerExport('evidence', organizationId)}>Evidence (CSV)</DownloadButton>
          {canReadRisks ? <DownloadButton request={registerExport('risks', organizationId)}>Risks (CSV)</DownloadButton> : null}
          {data.frameworks.map((framework) => (
            <DownloadButton key={framework.frameworkId} request={registerExport('requirements', organizationId, framework.frameworkId)}>
              {framework.name} requirements (CSV)
            </DownloadButton>
          ))}
        </div>
      </section>
    </div>
  );
}

function SectionNav({ section, sections }: { section: Section; sections: Section[] }) {
  const href = useTabHref();
  return (
    <nav aria-label="Compliance sections" className="overflow-x-auto">
      <ul className="inline-flex gap-1 rounded-lg bg-muted p-1">
        {sections.map((value) => (
          <li key={value}>
            <Link
              to={href(value)}
              aria-current={value === section ? 'page' : undefined}
              className={cn(
                'inline-flex rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                value === section && 'bg-background text-foreground shadow-sm',
              )}
            >
              {SECTION_LABELS[value]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Programme({ organizationId, section }: { organizationId: string | undefined; section: Section }) {
  const { access } = useAuth();
  const canReadRisks = useCan({ permission: 'risks:read' });
  const canWriteControls = useCan({ permission: 'controls:write' });
  const canWriteEvidence = useCan({ permission: 'evidence:write' });
  const canWriteRisks = useCan({ permission: 'risks:write' });
  // The overview needs them for the audit requests' evidence upload.
  const needsControlOptions = section === 'evidence' || section === 'risks' || (section === 'overview' && canWriteEvidence);
  const options = useControls(organizationId, {}, { enabled: needsControlOptions });
  const readiness = useReadiness(organizationId);
  const controls = (options.data?.controls ?? []).map(({ id, title }) => ({ id, title }));
  const frameworks = (readiness.data?.frameworks ?? []).map(({ frameworkId, name }) => ({ id: frameworkId, name }));
  const me = access ? { id: access.userId, name: `Me (${access.email})` } : null;
  const sections = SECTIONS.filter((value) => value !== 'risks' || canReadRisks);
  const shown = sections.includes(section) ? section : 'overview';
  return (
    <div className="space-y-6">
      <SectionNav section={shown} sections={sections} />
      {shown === 'overview' ? <Overview organizationId={organizationId} canReadRisks={canReadRisks} /> : null}
      {shown === 'overview' ? (
        <ClientAuditRequests
          renderEvidenceUpload={
            canWriteEvidence
              ? ({ onAdded, onClose }) => (
                  <EvidenceUploadDialog
                    organizationId={organizationId}
                    controls={controls}
                    initialControlIds={[]}
                    onClose={onClose}
                    onAdded={onAdded}
                  />
                )
              : undefined
          }
        />
      ) : null}
      {shown === 'controls' ? (
        <RegisterSection register="controls" title="Controls register" organizationId={organizationId} canImport={canWriteControls}>
          <ControlsRegister organizationId={organizationId} frameworks={frameworks} me={me} canEdit={canWriteControls} />
        </RegisterSection>
      ) : null}
      {shown === 'evidence' ? (
        <RegisterSection register="evidence" title="Evidence register" organizationId={organizationId}>
          <EvidenceRegister organizationId={organizationId} controls={controls} meId={access?.userId ?? null} canWrite={canWriteEvidence} />
        </RegisterSection>
      ) : null}
      {shown === 'risks' ? (
        <RegisterSection register="risks" title="Risk register" organizationId={organizationId} canImport={canWriteRisks}>
          <RiskRegister organizationId={organizationId} controls={controls} me={me} canWrite={canWriteRisks} />
        </RegisterSection>
      ) : null}
    </div>
  );
}

/** A register's section: its heading, the CSV export and, for the importable ones, the import dialog. */
function RegisterSection({
  register,
  title,
  organizationId,
  canImport = false,
  children,
}: {
  register: 'controls' | 'evidence' | 'risks';
  title: string;
  organizationId: string | undefined;
  canImport?: boolean;
  children: ReactNode;
}) {
  const headingId = `${register}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold">
          {title}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <DownloadButton request={registerExport(register, organizationId)} label={`Export ${register} (CSV)`}>
            Export CSV
          </DownloadButton>
          {canImport && register !== 'evidence' ? <ImportDialog register={register} organizationId={organizationId} /> : null}
        </div>
      </div>
      {children}
    </section>
  );
}

/**
 * tab=compliance: the client's programme. `section=` opens overview (default), controls, evidence or
 * risks; staff first choose the client organization (`org=`).
 */
export function ComplianceTab() {
  const [params] = useSearchParams();
  const section = SECTIONS.find((value) => value === params.get('section')) ?? 'overview';
  const programme = useProgrammeOrganization();
  const { organizationId, picker } = programme;
  return (
    <section aria-labelledby="compliance-heading" className="space-y-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="space-y-1">
          <h2 id="compliance-heading" className="text-xl font-semibold">
            Compliance
          </h2>
          <SubscriptionLine programme={programme} />
        </div>
        <ProgrammeOrganizationPicker picker={picker} />
      </div>
      <ProgrammeOrganizationGate programme={programme}>
        {organizationId === null ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
            Choose a client organization to see its programme.
          </p>
        ) : (
          <Programme key={organizationId ?? 'mine'} organizationId={organizationId} section={section} />
        )}
      </ProgrammeOrganizationGate>
    </section>
  );
}
