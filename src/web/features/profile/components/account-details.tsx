import type { ReactNode } from 'react';
import { BadgeCheck, CircleAlert } from 'lucide-react';
import { CAPABILITIES, CAPABILITY_LABELS, ROLE_LABELS, type Role } from '../../../../shared/permissions.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useAuth } from '../../auth/auth.tsx';
import { SectionCard } from './section-card.tsx';

const dateTime = (value: string | undefined | null) =>
  value ? new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : 'Never';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm sm:col-span-2">{children}</dd>
    </div>
  );
}

/** Who the user is to the system: e-mail, account type, roles and flags (product.md §3, §6). */
export function AccountDetails() {
  const { user, access, accessStatus } = useAuth();
  if (!user) return null;
  const flags = access ? CAPABILITIES.filter((flag) => access.capabilities[flag]) : [];
  return (
    <SectionCard id="account" title="Account details" description="What we know about your account and what it may do.">
      <dl className="divide-y divide-border">
        <Row label="Email">
          <span className="break-all">{user.email || 'No email'}</span>{' '}
          {user.email_confirmed_at ? (
            <Badge tone="green" className="ml-1 align-middle">
              <BadgeCheck aria-hidden /> Confirmed
            </Badge>
          ) : (
            <Badge tone="yellow" className="ml-1 align-middle">
              <CircleAlert aria-hidden /> Not confirmed
            </Badge>
          )}
        </Row>
        <Row label="Account type">
          {access ? (access.userType === 'staff' ? 'Staff' : 'Client') : accessStatus === 'error' ? 'Unavailable' : '…'}
        </Row>
        <Row label="Roles">
          {access && access.roles.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {access.roles.map((role) => (
                <li key={role}>
                  <Badge tone={role === access.primaryRole ? 'info' : 'neutral'}>{ROLE_LABELS[role as Role]}</Badge>
                </li>
              ))}
            </ul>
          ) : accessStatus === 'loading' ? (
            '…'
          ) : accessStatus === 'error' ? (
            'We could not load your roles. Reload the page to try again.'
          ) : (
            'No role yet. An administrator can give you one.'
          )}
        </Row>
        {flags.length > 0 ? <Row label="Capabilities">{flags.map((flag) => CAPABILITY_LABELS[flag]).join(', ')}</Row> : null}
        <Row label="Member since">{dateTime(user.created_at)}</Row>
        <Row label="Last sign-in">{dateTime(user.last_sign_in_at)}</Row>
      </dl>
    </SectionCard>
  );
}
