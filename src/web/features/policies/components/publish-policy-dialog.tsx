import { FileCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
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
import { FormError } from '../../../components/ui/form-error.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApprovedPolicyDeliverables, usePolicies, usePublishPolicy } from '../api/policies-api.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Publish an approved policy deliverable as a controlled document, or as the next version of a policy
 * (docs/policies.md). The person publishing is its owner; the server refuses a version already published.
 */
export function PublishPolicyDialog({ organizationId, ownerId }: { organizationId: string | undefined; ownerId: string }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const approved = useApprovedPolicyDeliverables(isOpen);
  const policies = usePolicies(organizationId);
  const publish = usePublishPolicy();
  const [deliverableId, setDeliverableId] = useState('');
  const [policyId, setPolicyId] = useState('');
  const [effectiveDate, setEffectiveDate] = useState(inDays(0));
  const [reviewDate, setReviewDate] = useState(inDays(365));

  function submit(event: FormEvent) {
    event.preventDefault();
    publish.mutate(
      { organizationId, deliverableId, policyId: policyId || undefined, ownerId, effectiveDate, reviewDate },
      { onSuccess: () => setIsOpen(false) },
    );
  }

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <FileCheck aria-hidden /> Publish a policy
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Publish a policy</DialogTitle>
          <DialogDescription>An approved policy deliverable becomes a controlled document, with you as its owner.</DialogDescription>
        </DialogHeader>
        {approved.isPending ? (
          <Spinner label="Loading approved policies" />
        ) : (
          <form id={id} className="space-y-4" onSubmit={submit}>
            <div className="space-y-1">
              <Label htmlFor={`${id}-deliverable`}>Approved deliverable</Label>
              <NativeSelect
                id={`${id}-deliverable`}
                value={deliverableId}
                onChange={(event) => setDeliverableId(event.target.value)}
                required
              >
                <option value="">Choose…</option>
                {(approved.data?.deliverables ?? []).map((deliverable) => (
                  <option key={deliverable.id} value={deliverable.id}>
                    {deliverable.title} ({deliverable.version})
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-policy`}>Publish as</Label>
              <NativeSelect id={`${id}-policy`} value={policyId} onChange={(event) => setPolicyId(event.target.value)}>
                <option value="">A new policy</option>
                {(policies.data?.policies ?? []).map((policy) => (
                  <option key={policy.id} value={policy.id}>
                    Version {policy.currentVersion + 1} of {policy.ref} {policy.title}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1">
                <Label htmlFor={`${id}-effective`}>Effective date</Label>
                <Input
                  id={`${id}-effective`}
                  type="date"
                  value={effectiveDate}
                  onChange={(event) => setEffectiveDate(event.target.value)}
                  required
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-review`}>Review date</Label>
                <Input
                  id={`${id}-review`}
                  type="date"
                  value={reviewDate}
                  onChange={(event) => setReviewDate(event.target.value)}
                  required
                />
              </div>
            </div>
            <FormError message={publish.error ? publish.error.message : null} />
          </form>
        )}
        <DialogFooter>
          <Button type="submit" form={id} disabled={publish.isPending || deliverableId === ''}>
            {publish.isPending ? 'Publishing…' : 'Publish'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
