import type { MetaArgs } from 'react-router';
import { AuthScreen } from '../../features/auth/components/auth-screen.tsx';
import { pageMeta } from '../../lib/page-meta.ts';

export const meta = ({ location }: MetaArgs) => pageMeta(location.pathname);

/** /auth: prerendered signed out; the session is read in the browser once the page runs. */
export default function AuthRoute() {
  return <AuthScreen />;
}
