import { ScrollText, ShieldCheck, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { RoleMatrix } from './role-matrix.tsx';
import { SecurityEventsPanel } from './security-events-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

const tabSchema = z.enum(['users', 'permissions', 'events']).catch('users');

/** /admin (administrators only): users and roles, the role–permission matrix, security events. */
export function AdminScreen() {
  const [params, setParams] = useSearchParams();
  const tab = tabSchema.parse(params.get('tab') ?? undefined);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Administration</h1>
        <p className="mt-2 text-muted-foreground">
          Who can do what: users and their roles, what each role may do, and who tried what they may not.
        </p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: tabSchema.parse(value) }, { replace: true })}>
        <div className="overflow-x-auto">
          <TabsList>
            <TabsTrigger value="users">
              <Users aria-hidden /> Users & roles
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
