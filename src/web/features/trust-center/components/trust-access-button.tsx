import { LockKeyhole } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { PublicTrustDocument } from '../../../../shared/schemas/trust-center.ts';
import { Button } from '../../../components/ui/button.tsx';

// The dialog, its form and Radix load when a prospect first asks for access (decision 008, point 5): the
// page paints and hydrates without them, and a closed dialog puts nothing into the server-rendered HTML.
const TrustAccessDialog = lazy(() => import('./trust-access-dialog.tsx').then((module) => ({ default: module.TrustAccessDialog })));

/** "Request access" for a restricted document: opens the access-request dialog. */
export function TrustAccessButton(props: {
  slug: string;
  document: PublicTrustDocument;
  ndaText: string;
  accessDays: number;
  organizationName: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Request access to ${props.document.title}`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        // How the page rendered by the server finds its buttons without the app (TRUST_ACCESS_DOCUMENT_ATTRIBUTE).
        data-trust-document={props.document.id}
        onClick={() => setIsOpen(true)}
      >
        <LockKeyhole aria-hidden /> Request access
      </Button>
      {isOpen ? (
        <Suspense>
          <TrustAccessDialog {...props} onClose={() => setIsOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
