import { Plug } from 'lucide-react';
import { Link } from 'react-router';

/** No integration is connected from the workspace yet: say so plainly, and how to get one. */
export function IntegrationsPanel() {
  return (
    <section aria-labelledby="integrations-heading" className="space-y-4">
      <h2 id="integrations-heading" className="text-xl font-semibold">
        Integrations
      </h2>
      <div className="rounded-lg border border-dashed border-border p-8 text-center">
        <Plug className="mx-auto size-8 text-muted-foreground" aria-hidden />
        <h3 className="mt-3 font-semibold">No integrations connected</h3>
        <p className="mx-auto mt-1 max-w-lg text-sm text-muted-foreground">
          Evidence collection from your identity provider, cloud accounts and ticketing tools is set up with our team during onboarding.
          Tell us which tools you use and we will connect them.
        </p>
        <Link to="/support" className="mt-4 inline-block font-medium text-primary underline underline-offset-2">
          Contact support
        </Link>
      </div>
    </section>
  );
}
