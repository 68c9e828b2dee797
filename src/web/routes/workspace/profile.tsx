import type { MetaArgs } from 'react-router';
import { ProfileScreen } from '../../features/profile/components/profile-screen.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

export default function ProfileRoute() {
  return <ProfileScreen />;
}
