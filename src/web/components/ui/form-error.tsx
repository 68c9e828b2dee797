import { CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from './alert.tsx';

/** A form's failure, announced and focused so keyboard and screen-reader users hear it at once. */
export function FormError({ message, title }: { message: string | null; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <Alert ref={ref} variant="destructive" role="alert" tabIndex={-1} className="flex gap-2 outline-none">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>
        {title ? <p className="font-semibold">{title}</p> : null}
        <p>{message}</p>
      </div>
    </Alert>
  );
}
