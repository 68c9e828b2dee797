import { Bell, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { DEMO_NOTIFICATIONS, DEMO_THREAD, type DemoMessage } from '../sample-data-more.ts';
import { Monogram, Panel, ScreenHeader } from './screen-parts.tsx';

/** Client communications: a thread attached to a control, and the notifications feed. */
export function Communications() {
  const [messages, setMessages] = useState<readonly DemoMessage[]>(DEMO_THREAD.messages);
  const [draft, setDraft] = useState('');
  const id = useId();
  return (
    <div className="grid gap-4">
      <ScreenHeader title="Communications" subtitle={DEMO_THREAD.subject} />
      <div className="grid gap-3 md:grid-cols-[1fr_15rem]">
        <Panel className="grid gap-3">
          <ol className="grid gap-3" aria-label="Messages">
            {messages.map((message) => (
              <li key={message.id} className={cn('flex gap-2', message.isClient && 'flex-row-reverse text-right')}>
                <Monogram initials={message.initials} />
                <div
                  className={cn(
                    'max-w-[80%] rounded-lg px-3 py-2 text-sm',
                    message.isClient ? 'bg-primary text-primary-foreground' : 'bg-muted',
                  )}
                >
                  <p className="text-xs font-semibold">
                    {message.from}{' '}
                    <span className="font-normal opacity-80">
                      · {message.role} · {message.sentAt}
                    </span>
                  </p>
                  <p className="mt-1">{message.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <form
            className="flex gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!draft.trim()) return;
              setMessages((current) => [
                ...current,
                {
                  id: `m${current.length + 1}`,
                  from: 'You',
                  role: 'client',
                  initials: 'YO',
                  sentAt: 'now',
                  text: draft.trim(),
                  isClient: true,
                },
              ]);
              setDraft('');
            }}
          >
            <label htmlFor={`${id}-reply`} className="sr-only">
              Reply
            </label>
            <Input id={`${id}-reply`} value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="Write a reply…" />
            <Button type="submit" size="icon" aria-label="Send reply">
              <Send aria-hidden />
            </Button>
          </form>
        </Panel>
        <Panel>
          <h4 className="flex items-center gap-1.5 text-sm font-semibold">
            <Bell className="size-4" aria-hidden /> Notifications
          </h4>
          <ul className="mt-3 grid gap-2">
            {DEMO_NOTIFICATIONS.map((item) => (
              <li key={item.id} className="text-xs">
                <p>{item.text}</p>
                <p className="text-muted-foreground">{item.when}</p>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </div>
  );
}
