import { riskRating } from '../../shared/rules/risk-score.ts';
import { cn } from '../lib/cn.ts';

const LEVELS = [1, 2, 3, 4, 5] as const;
const CELL_TONE = {
  green: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50',
  yellow: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
  red: 'bg-red-200 text-red-950 dark:bg-red-950 dark:text-red-50',
} as const;

/**
 * The risk heat map: likelihood (rows, 5 at the top) × impact (columns), each cell the number of open
 * risks there, coloured by the §4 band of its score. It is a real table, so a screen reader reads
 * the same numbers the colours show.
 */
export function RiskHeatMap({ cells, caption }: { cells: number[][]; caption: string }) {
  return (
    <table className="w-full max-w-sm table-fixed border-separate border-spacing-1 text-center text-sm" data-testid="risk-heat-map">
      <caption className="mb-2 text-left font-medium">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="w-20 text-left text-[11px] font-normal leading-tight text-muted-foreground">
            Likelihood ↓<br />
            Impact →
          </th>
          {LEVELS.map((impact) => (
            <th key={impact} scope="col" className="text-xs font-medium">
              {impact}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {[...LEVELS].reverse().map((likelihood) => (
          <tr key={likelihood}>
            <th scope="row" className="pr-2 text-right text-xs font-medium">
              {likelihood}
            </th>
            {LEVELS.map((impact) => {
              const count = cells[likelihood - 1]?.[impact - 1] ?? 0;
              const rating = riskRating(likelihood, impact);
              return (
                <td
                  key={impact}
                  className={cn('h-10 rounded font-semibold', CELL_TONE[rating.color], count === 0 && 'opacity-50')}
                  aria-label={`Likelihood ${likelihood}, impact ${impact} (${rating.label}): ${count} ${count === 1 ? 'risk' : 'risks'}`}
                >
                  {count}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
