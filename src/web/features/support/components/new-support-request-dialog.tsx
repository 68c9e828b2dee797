import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { SupportRequestDetail } from '../../../../shared/schemas/support.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateSupportRequest } from '../api/support-api.ts';
import { SupportRequestForm } from './support-request-form.tsx';
import { useSupportUploads } from './use-support-uploads.ts';

/** "New support request": a dialog (focus trapped, Escape closes) with the form; the new thread opens after. */
export function NewSupportRequestDialog({ onCreated }: { onCreated: (request: SupportRequestDetail) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const uploads = useSupportUploads();
  const create = useCreateSupportRequest();

  function close() {
    setIsOpen(false);
    uploads.reset();
    create.reset();
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? setIsOpen(true) : close())}>
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden /> New support request
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>New support request</DialogTitle>
          <DialogDescription>Tell our team what you need. You follow the answer in the request’s thread and by e-mail.</DialogDescription>
        </DialogHeader>
        <SupportRequestForm
          uploads={uploads}
          isPending={create.isPending}
          serverError={
            create.isError ? (create.error instanceof ApiError ? create.error.message : 'The request was not sent. Try again.') : null
          }
          onCancel={close}
          onSubmit={async (values) => {
            const created = await create.mutateAsync({ ...values, attachmentIds: uploads.attachmentIds });
            close();
            onCreated(created);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
