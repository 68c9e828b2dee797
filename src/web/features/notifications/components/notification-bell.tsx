import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_KIND_LABELS, type Notification } from '../../../../shared/schemas/notifications.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications-api.ts';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const markRead = useMarkNotificationsRead();
  const unread = item.readAt === null;
  const open = () => {
    if (unread) markRead.mutate({ ids: [item.id] });
    onOpen();
  };
  return (
    <li className={cn('grid gap-1 rounded-md border border-border p-3', unread && 'border-primary/40 bg-primary/5')}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {unread ? <span className="mr-1 font-semibold text-primary">New ·</span> : null}
          {NOTIFICATION_KIND_LABELS[item.kind]}
        </span>
        <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))} UTC</time>
      </div>
      {item.link ? (
        <Link to={item.link} onClick={open} className="font-medium text-foreground underline-offset-4 hover:underline">
          {item.title}
        </Link>
      ) : (
        <p className="font-medium">{item.title}</p>
      )}
      {item.body ? <p className="line-clamp-3 whitespace-pre-line text-sm text-muted-foreground">{item.body}</p> : null}
      {unread ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto justify-self-start p-0"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate({ ids: [item.id] })}
        >
          Mark read
        </Button>
      ) : null}
    </li>
  );
}

/** The workspace header's bell (docs/notifications.md): unread count, the list, mark read, e-mail preferences. */
export function NotificationBell({ enabled }: { enabled: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [showPreferences, setShowPreferences] = useState(false);
  const notifications = useNotifications(enabled);
  const markAll = useMarkNotificationsRead();
  if (!enabled) return null;
  const unread = notifications.data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label}>
          <Bell aria-hidden />
          {unread > 0 ? (
            <span
              aria-hidden
              className="absolute right-1 top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] font-semibold leading-5 text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Notifications</DialogTitle>
          <DialogDescription>{unread > 0 ? `${unread} unread` : 'You are all caught up.'}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate({ all: true })}>
            Mark all read
          </Button>
          <Button variant="ghost" size="sm" aria-expanded={showPreferences} onClick={() => setShowPreferences((shown) => !shown)}>
            E-mail preferences
          </Button>
        </div>
        {showPreferences ? (
          <section aria-label="E-mail preferences" className="rounded-md border border-border p-3">
            <NotificationPreferencesForm />
          </section>
        ) : null}
        {notifications.isPending ? <Spinner label="Loading notifications" className="p-4" /> : null}
        {notifications.isError ? (
          <Alert variant="destructive" role="alert">
            Notifications could not be loaded. {notifications.error.message}
          </Alert>
        ) : null}
        {notifications.data && notifications.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing yet. Updates on your requests, reviews, comments and evidence appear here.
          </p>
        ) : null}
        {notifications.data && notifications.data.items.length > 0 ? (
          <ul className="grid gap-2" aria-label="Latest notifications">
            {notifications.data.items.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={() => setOpen(false)} />
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
