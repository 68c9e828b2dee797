import type { MetaArgs } from 'react-router';
import { useAuth } from '../../features/auth/auth.tsx';
import { useCan } from '../../features/auth/access.ts';
import { TeamPanel } from '../../features/organizations/components/team-panel.tsx';
import { ProfileScreen } from '../../features/profile/components/profile-screen.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

export default function ProfileRoute() {
  const { user, access } = useAuth();
  const isClientManager = useCan({ minimumRole: 'client_manager' });
  const isClient = access?.userType === 'client';
  return (
    <div className="grid gap-8">
      <ProfileScreen />
      {/* A client's own people and our team serving them; a client manager invites and removes colleagues. */}
      {isClient ? <TeamPanel canManage={isClientManager} currentUserId={user?.id ?? null} /> : null}
    </div>
  );
}
