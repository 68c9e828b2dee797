import { Building2, ScrollText, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { RoleMatrix } from './role-matrix.tsx';
import { SecurityEventsPanel } from './security-events-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

const tabSchema = z.enum(['users', 'organizations', 'permissions', 'events']).catch('users');

/**
 * /admin (administrators only): users and roles, organizations and their staff, the role–permission
 * matrix, security events. The route hands in the organizations panel (another feature).
 */
export function AdminScreen({ organizationsPanel }: { organizationsPanel: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = tabSchema.parse(params.get('tab') ?? undefined);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Administration</h1>
        <p className="mt-2 text-muted-foreground">
          Who can do what: users and their roles, the organizations staff serve, what each role may do, and who tried what they may not.
        </p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: tabSchema.parse(value) }, { replace: true })}>
        <div className="overflow-x-auto">
          <TabsList>
            <TabsTrigger value="users">
              <Users aria-hidden /> Users & roles
            </TabsTrigger>
            <TabsTrigger value="organizations">
              <Building2 aria-hidden /> Organizations
            </TabsTrigger>
            <TabsTrigger value="permissions">
              <ShieldCheck aria-hidden /> Role permissions
            </TabsTrigger>
            <TabsTrigger value="events">
              <ScrollText aria-hidden /> Security events
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="users">
          <UsersPanel />
        </TabsContent>
        <TabsContent value="organizations">{organizationsPanel}</TabsContent>
        <TabsContent value="permissions">
          <RoleMatrix />
        </TabsContent>
        <TabsContent value="events">
          <SecurityEventsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
