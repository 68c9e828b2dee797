import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { QualityMonth } from '../../../../shared/schemas/reviews.ts';
import { scoreBand } from '../../../../shared/rules/score-bands.ts';
import { formatMonth } from '../review-labels.ts';

const BAND_FILL = { green: '#059669', yellow: '#d97706', red: '#dc2626' } as const;

/** The monthly means as bars, coloured by band. Loaded lazily (recharts is large); the same numbers are listed in text beside it. */
export default function QualityTrendChart({ months }: { months: QualityMonth[] }) {
  const data = months.map((month) => ({
    name: formatMonth(month.month),
    score: month.score ?? 0,
    color: month.score === null ? null : scoreBand(month.score).color,
  }));
  return (
    <div aria-hidden className="h-48 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="name" tickLine={false} axisLine={false} tick={{ fill: 'var(--color-muted-foreground)' }} />
          <YAxis domain={[0, 100]} tickLine={false} axisLine={false} width={32} tick={{ fill: 'var(--color-muted-foreground)' }} />
          <Bar dataKey="score" isAnimationActive={false} radius={[4, 4, 0, 0]}>
            {data.map((entry) => (
              <Cell key={entry.name} fill={entry.color ? BAND_FILL[entry.color] : 'transparent'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
