import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Organization } from '../../../../shared/schemas/organizations.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { downloadOrganizationExport, useDeleteOrganization, useOffboardingPreview } from '../api/offboarding.ts';

const tableLabel = (table: string) => table.replaceAll('_', ' ');

/** Offboarding a client: download everything it owns, then delete it after typing its name (docs/organizations.md). */
export function OffboardDialog({ organization }: { organization: Organization }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [isExporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const preview = useOffboardingPreview(organization.id, open);
  const remove = useDeleteOrganization(organization.id);

  const exportAll = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadOrganizationExport(organization.id);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : 'The export failed.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Trash2 aria-hidden /> Offboard…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Offboard {organization.name}</DialogTitle>
          <DialogDescription>Export everything first. Deleting cannot be undone; the audit trail keeps the record.</DialogDescription>
        </DialogHeader>
        {preview.isPending ? <Spinner label="Counting what the organization owns" className="p-4" /> : null}
        {preview.isError ? (
          <Alert variant="destructive" role="alert">
            {preview.error.message}
          </Alert>
        ) : null}
        {preview.data ? (
          <div className="grid gap-2 text-sm">
            <p className="font-medium">Deleting removes:</p>
            <ul className="grid list-disc gap-0.5 pl-5" aria-label="What will be removed">
              {preview.data.tables.map((entry) => (
                <li key={entry.table}>
                  {entry.rows} × {tableLabel(entry.table)}
                </li>
              ))}
              <li>{preview.data.files} stored files (in the export)</li>
            </ul>
            {preview.data.kept.length > 0 ? (
              <p className="text-muted-foreground">Kept: {preview.data.kept.map(tableLabel).join(', ')}.</p>
            ) : null}
          </div>
        ) : null}
        <Button variant="secondary" onClick={() => void exportAll()} disabled={isExporting}>
          <Download aria-hidden /> {isExporting ? 'Preparing the ZIP…' : 'Download the export (ZIP)'}
        </Button>
        {exportError ? (
          <Alert variant="destructive" role="alert">
            {exportError}
          </Alert>
        ) : null}
        <FormField id={`${id}-confirm`} label={`Type “${organization.name}” to confirm`}>
          <Input id={`${id}-confirm`} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
        </FormField>
        {remove.isError ? (
          <Alert variant="destructive" role="alert">
            {remove.error.message}
          </Alert>
        ) : null}
        <DialogFooter>
          <Button
            variant="destructive"
            disabled={typed.trim() !== organization.name || remove.isPending}
            onClick={() =>
              remove.mutate(typed, {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: 'Organization deleted', description: organization.name, variant: 'success' });
                },
              })
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete the organization and its data'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
