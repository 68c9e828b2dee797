import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { workspaceHref } from '../../../../shared/workspace-links.ts';

/** Where the wizard opens (`/task-requests?new=1`). */
export const NEW_TASK_REQUEST_PATH = workspaceHref.newTaskRequest();

/** The "New task request" button: the page header, the empty list and the Overview's empty queue. */
export function NewTaskRequestLink({ size, className }: Partial<Pick<ComponentProps<typeof Button>, 'size' | 'className'>>) {
  return (
    <Button asChild size={size} className={className}>
      <Link to={NEW_TASK_REQUEST_PATH}>
        <Plus aria-hidden /> New task request
      </Link>
    </Button>
  );
}
