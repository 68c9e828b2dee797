import { Plus } from 'lucide-react';
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
import { useCreateAttestationCampaign } from '../api/attestations-api.ts';
import { CampaignAudienceFields, CheckList, type Choice, type GroupChoice, useCampaignAudience } from './campaign-audience-fields.tsx';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Start a campaign: policies, who is asked (everyone, departments, or the identity provider's groups,
 * whose members are resolved when it starts and whose joiners are added while it is open), a due date
 * and the reminder cadence.
 */
export function NewCampaignDialog({
  organizationId,
  policies,
  departments,
  groups = [],
}: {
  organizationId: string | undefined;
  policies: Choice[];
  departments: string[];
  groups?: GroupChoice[];
}) {
  const id = useId();
  const create = useCreateAttestationCampaign();
  const [isOpen, setIsOpen] = useState(false);
  const [title, setTitle] = useState('Annual policy acknowledgement');
  const [policyIds, setPolicyIds] = useState<string[]>([]);
  const audienceState = useCampaignAudience();
  const { audience } = audienceState;
  const [dueDate, setDueDate] = useState(inDays(14));
  const [reminderEveryDays, setReminderEveryDays] = useState(7);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!audience) return;
    create.mutate(
      {
        organizationId,
        title,
        policyIds,
        audience,
        dueDate,
        reminderEveryDays,
      },
      { onSuccess: () => setIsOpen(false) },
    );
  }

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button type="button" disabled={policies.length === 0}>
          <Plus aria-hidden /> New campaign
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New attestation campaign</DialogTitle>
          <DialogDescription>Each person gets an e-mail with a personal link to read and acknowledge the policies.</DialogDescription>
        </DialogHeader>
        <form id={id} className="space-y-4" onSubmit={submit}>
          <div className="space-y-1">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              required
              minLength={3}
              maxLength={200}
            />
          </div>
          <CheckList legend="Policies" choices={policies} chosen={policyIds} onChange={setPolicyIds} />
          <CampaignAudienceFields state={audienceState} departments={departments} groups={groups} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor={`${id}-due`}>Due date</Label>
              <Input
                id={`${id}-due`}
                type="date"
                value={dueDate}
                min={inDays(0)}
                onChange={(event) => setDueDate(event.target.value)}
                required
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-reminder`}>Remind every (days)</Label>
              <Input
                id={`${id}-reminder`}
                type="number"
                min={1}
                max={30}
                value={reminderEveryDays}
                onChange={(event) => setReminderEveryDays(Number(event.target.value))}
                required
              />
            </div>
          </div>
          <FormError message={create.error ? create.error.message : null} />
        </form>
        <DialogFooter>
          <Button type="submit" form={id} disabled={create.isPending || policyIds.length === 0 || audience === null}>
            {create.isPending ? 'Starting…' : 'Start campaign'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
