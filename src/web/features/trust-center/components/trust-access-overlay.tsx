import { createRoot } from 'react-dom/client';
import type { PublicTrustCenter, PublicTrustDocument } from '../../../../shared/schemas/trust-center.ts';
import { TrustAccessDialog } from './trust-access-dialog.tsx';

/**
 * The access-request dialog for a "Request access" button of the page rendered by the server, where the app
 * is not running (trust-page-island.ts): React, the dialog and its form, in a root of their own beside the
 * page, loaded when the button is first pressed. Closing unmounts it, gives focus back to the button and marks
 * it collapsed again, so the page is once more exactly the server's HTML. Returns the way to close it.
 */
export function openTrustAccessDialog(center: PublicTrustCenter, document: PublicTrustDocument, button: HTMLButtonElement): () => void {
  const container = button.ownerDocument.createElement('div');
  button.ownerDocument.body.append(container);
  const root = createRoot(container);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    root.unmount();
    container.remove();
    button.setAttribute('aria-expanded', 'false');
  };
  button.setAttribute('aria-expanded', 'true');
  root.render(
    <TrustAccessDialog
      slug={center.slug}
      document={document}
      ndaText={center.ndaText}
      accessDays={center.accessDays}
      organizationName={center.organizationName}
      onClose={close}
      returnFocusTo={{ current: button }}
    />,
  );
  return close;
}
