import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DEMO_INTEGRATIONS, type DemoIntegration } from '../sample-data-more.ts';
import { Monogram, Panel, ScreenHeader } from './screen-parts.tsx';
import { useState } from 'react';

const STATUS = {
  connected: { label: 'Connected', tone: 'green' },
  syncing: { label: 'Syncing', tone: 'info' },
  available: { label: 'Not connected', tone: 'neutral' },
} as const;

/** Integrations: what is connected, when it last synced, and the evidence each one provides. */
export function Integrations() {
  const [items, setItems] = useState<readonly DemoIntegration[]>(DEMO_INTEGRATIONS);
  const connected = items.filter((item) => item.status !== 'available').length;
  return (
    <div className="grid gap-4">
      <ScreenHeader title="Integrations" subtitle={`${connected} of ${items.length} connected`} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.name}>
            <Panel className="grid h-full gap-2">
              <div className="flex items-center justify-between gap-2">
                <div className="flex items-center gap-2">
                  <Monogram initials={item.initials} className="rounded-md" />
                  <div>
                    <h4 className="text-sm font-semibold">{item.name}</h4>
                    <p className="text-xs text-muted-foreground">{item.category}</p>
                  </div>
                </div>
                <Badge tone={STATUS[item.status].tone}>{STATUS[item.status].label}</Badge>
              </div>
              <p className="text-xs text-muted-foreground">Evidence: {item.evidence}</p>
              {item.status === 'available' ? (
                <Button
                  size="sm"
                  variant="outline"
                  className="justify-self-start"
                  onClick={() =>
                    setItems((current) =>
                      current.map((entry) => (entry.name === item.name ? { ...entry, status: 'connected', lastSync: 'Just now' } : entry)),
                    )
                  }
                  aria-label={`Connect ${item.name}`}
                >
                  Connect
                </Button>
              ) : (
                <p className="text-xs">Last sync: {item.lastSync}</p>
              )}
            </Panel>
          </li>
        ))}
      </ul>
    </div>
  );
}
