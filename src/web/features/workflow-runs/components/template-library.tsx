import { Library } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useCopyTemplate, useWorkflowTemplates } from '../api/workflow-runs-api.ts';

/** Workflow Templates: the public library; 'Use template' copies one into the organization as a draft. */
export function TemplateLibrary({ organizationId }: { organizationId: string | null | undefined }) {
  const templates = useWorkflowTemplates();
  const copy = useCopyTemplate(organizationId);
  if (templates.isPending) return <Spinner label="Loading the templates" />;
  if (templates.isError) return <p role="alert">The templates could not be loaded. Try again in a moment.</p>;
  return (
    <section aria-labelledby="workflow-templates-heading" className="space-y-3">
      <h3 id="workflow-templates-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Library className="size-5" aria-hidden /> Workflow Templates
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {templates.data.templates.map((template) => (
          <li key={template.id} className="flex flex-col rounded-lg border border-border p-4" data-testid="workflow-template">
            <h4 className="font-medium">{template.name}</h4>
            <p className="mt-1 flex-1 text-sm text-muted-foreground">{template.description}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-3 self-start"
              disabled={organizationId === null || copy.isPending}
              aria-label={`Use template ${template.name}`}
              onClick={() =>
                copy.mutate(template.id, {
                  onSuccess: () => toast({ title: 'Workflow created', description: `${template.name} is a draft: publish it to run it.` }),
                  onError: (error) => toast({ title: 'Failed to generate workflow', description: error.message, variant: 'destructive' }),
                })
              }
            >
              Use template
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
