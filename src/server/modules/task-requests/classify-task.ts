import type { Department, TaskClassification } from '../../../shared/schemas/task-requests.ts';

/**
 * What classifying a task request takes and gives. Task requests own the question; the agents' AI
 * provider (agent-runs/providers/agent-provider.ts) answers it, and the routes hand its `classify` in.
 */
export interface ClassifyInput {
  title: string;
  description: string;
  department: Department;
  /** The client's deadline, YYYY-MM-DD. */
  deadline: string | null;
  frameworks: string[];
  /** The clock the deadline is measured against (tests). */
  now?: Date;
}

export type ClassifyTask = (input: ClassifyInput) => Promise<TaskClassification>;
