import { ScrollText, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBoundary } from '../../../components/errors/error-fallbacks.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { RoleMatrix } from './role-matrix.tsx';
import { SecurityEventsPanel } from './security-events-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

/** A tab another feature contributes to /admin; the route composes them (a feature never imports another). */
export interface AdminTab {
  value: string;
  label: string;
  icon: ReactNode;
  content: ReactNode;
}

const ACCESS_TABS: AdminTab[] = [
  { value: 'users', label: 'Users & roles', icon: <Users aria-hidden />, content: <UsersPanel /> },
  { value: 'permissions', label: 'Role permissions', icon: <ShieldCheck aria-hidden />, content: <RoleMatrix /> },
  { value: 'events', label: 'Security events', icon: <ScrollText aria-hidden />, content: <SecurityEventsPanel /> },
];

/** /admin (administrators only): users and roles, the role–permission matrix, security events, and the tabs the route adds. */
export function AdminScreen({ moreTabs = [] }: { moreTabs?: readonly AdminTab[] }) {
  const [params, setParams] = useSearchParams();
  const tabs = [...ACCESS_TABS, ...moreTabs];
  const wanted = params.get('tab');
  // An unknown ?tab= opens the first tab, with no error.
  const tab = tabs.some((item) => item.value === wanted) ? (wanted ?? 'users') : 'users';
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Administration</h1>
        <p className="mt-2 text-muted-foreground">
          Who can do what: users and their roles, what each role may do, and who tried what they may not; the organizations staff serve,
          subscriptions and privacy requests.
        </p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <div className="overflow-x-auto">
          {/* Seven tabs: from a tablet up they wrap onto a second row rather than hide the last one
              ("Sample dat" at 1366 px beside the workspace navigation); a phone scrolls the row. */}
          <TabsList className="sm:h-auto sm:flex-wrap">
            {tabs.map((item) => (
              <TabsTrigger key={item.value} value={item.value}>
                {item.icon} {item.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map((item) => (
          <TabsContent key={item.value} value={item.value}>
            <ErrorBoundary level="component">{item.content}</ErrorBoundary>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
