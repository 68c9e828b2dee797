import { RiskHeatMap } from '../../../components/risk-heat-map.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRiskHeatMap } from '../api/programme-analytics-api.ts';

/** Open risks on the heat map, before and after treatment (the maps are tables: their numbers are readable as they are). */
export function RiskHeatMaps({ organizationId }: { organizationId: string | undefined }) {
  const heatMap = useRiskHeatMap(organizationId);
  return (
    <section aria-labelledby="risk-heat-maps-heading" className="space-y-3 rounded-lg border border-border bg-card p-4">
      <h3 id="risk-heat-maps-heading" className="font-semibold">
        Risk heat map
      </h3>
      {heatMap.isPending ? (
        <Spinner label="Loading the risks" />
      ) : heatMap.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The risks could not be loaded.
        </p>
      ) : heatMap.data.open === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
          No open risk yet. Risks added to the register appear here by likelihood and impact.
        </p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <RiskHeatMap cells={heatMap.data.inherent} caption={`Inherent risk (${heatMap.data.open} open)`} />
          <RiskHeatMap cells={heatMap.data.residual} caption="Residual risk, after treatment" />
        </div>
      )}
    </section>
  );
}
