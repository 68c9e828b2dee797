import { useSearchParams } from 'react-router';
import { ENDPOINT_ACCESS } from '../../../shared/permissions.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCan } from '../../features/auth/access.ts';
import { useOrganizationMembers } from '../../features/organizations/api/offboarding.ts';
import { QuestionnairesScreen } from '../../features/questionnaires/components/questionnaires-screen.tsx';
import { ProgrammeOrganizationPicker, useProgrammeOrganization } from './programme-organization.tsx';

/** tab=questionnaires: security questionnaires and the answer library of the organization chosen (`questionnaire=<id>` opens one); questions are reassigned to its members. */
export function QuestionnairesTab() {
  const [params, setParams] = useSearchParams();
  const { organizationId, picker, isLoading } = useProgrammeOrganization();
  const canReview = useCan(ENDPOINT_ACCESS.reviewQuestionnaires);
  // Questions are handed to the organization's members (signed-in ones: an invitation not yet taken up has no one to do the work).
  const members = useOrganizationMembers(canReview && organizationId ? organizationId : undefined);
  const assignees = (members.data?.members ?? [])
    .filter((member) => !member.pending && member.email)
    .map((member) => ({ userId: member.userId, label: member.email ?? '' }));
  if (isLoading) return <Spinner label="Loading the questionnaires" />;
  const picked = <ProgrammeOrganizationPicker picker={picker} />;
  if (organizationId === null) return picked;
  const onSelect = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('questionnaire', id);
      else next.delete('questionnaire');
      return next;
    });
  return (
    <QuestionnairesScreen
      organizationId={organizationId}
      picker={picked}
      selectedId={params.get('questionnaire')}
      onSelect={onSelect}
      canReview={canReview}
      assignees={assignees}
    />
  );
}
