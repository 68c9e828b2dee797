import { desc, eq } from 'drizzle-orm';
import {
  ASSESSED_DOCUMENTS_MAX,
  QUALITY_CATEGORIES,
  QUALITY_CATEGORY_LABELS,
  QUALITY_TREND_MONTHS,
  type QualityCategory,
  type QualityCategoryScore,
  type QualityMonth,
  type QualityScores,
} from '../../../shared/schemas/reviews.ts';
import { scoreBand } from '../../../shared/rules/score-bands.ts';
import { aiOutputs, outputReviews } from '../../db/schema/reviews.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';

/**
 * The quality-scores screen from real reviews (product.md §3 Demo quality category, Demo assessed
 * document): every approver's scores in the caller's organizations, by category and by month.
 */

interface ScoredReview {
  month: string;
  overall: number;
  scores: Partial<Record<QualityCategory, number>>;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return round1(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** YYYY-MM of a date, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The last `count` months up to and including the one `now` falls in, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1));
    return monthOf(at);
  });
}

/** This month's mean minus last month's; null when either month has none. */
function monthOverMonth(
  reviews: readonly ScoredReview[],
  pick: (review: ScoredReview) => number | undefined,
  thisMonth: string,
  lastMonth: string,
) {
  const of = (month: string) => mean(reviews.filter((review) => review.month === month).flatMap((review) => pick(review) ?? []));
  const current = of(thisMonth);
  const previous = of(lastMonth);
  return current === null || previous === null ? null : round1(current - previous);
}

function categoryScore(
  category: QualityCategory,
  reviews: readonly ScoredReview[],
  thisMonth: string,
  lastMonth: string,
): QualityCategoryScore | null {
  const pick = (review: ScoredReview) => review.scores[category];
  const values = reviews.flatMap((review) => pick(review) ?? []);
  const score = mean(values);
  if (score === null) return null;
  const documents = values.length === 1 ? '1 assessed document' : `${values.length} assessed documents`;
  return {
    category,
    label: QUALITY_CATEGORY_LABELS[category],
    score,
    band: scoreBand(score).band,
    trend: monthOverMonth(reviews, pick, thisMonth, lastMonth),
    details: `Lowest ${Math.min(...values)}, highest ${Math.max(...values)} across ${documents}.`,
  };
}

export async function getQualityScores(tenant: Tenant, now = new Date()): Promise<QualityScores> {
  const rows = await tenant.transaction((tx) =>
    tx
      .select({ review: outputReviews, title: aiOutputs.title, recommendations: aiOutputs.recommendations })
      .from(outputReviews)
      .innerJoin(aiOutputs, eq(aiOutputs.id, outputReviews.outputId))
      .where(tenant.where(outputReviews.organizationId))
      .orderBy(desc(outputReviews.createdAt), desc(outputReviews.id)),
  );
  const reviews: ScoredReview[] = rows.map(({ review }) => ({
    month: monthOf(review.createdAt),
    overall: review.overallScore,
    scores: review.scores,
  }));
  const months = lastMonths(now, QUALITY_TREND_MONTHS);
  const thisMonth = months.at(-1) ?? monthOf(now);
  const lastMonth = months.at(-2) ?? thisMonth;
  const overall = mean(reviews.map((review) => review.overall));
  const byMonth: QualityMonth[] = months.map((month) => {
    const inMonth = reviews.filter((review) => review.month === month);
    const score = mean(inMonth.map((review) => review.overall));
    return { month, score, band: score === null ? null : scoreBand(score).band, reviews: inMonth.length };
  });
  return {
    overall:
      overall === null
        ? null
        : {
            score: overall,
            band: scoreBand(overall).band,
            trend: monthOverMonth(reviews, (review) => review.overall, thisMonth, lastMonth),
          },
    reviewCount: reviews.length,
    categories: QUALITY_CATEGORIES.flatMap((category) => categoryScore(category, reviews, thisMonth, lastMonth) ?? []),
    months: byMonth,
    documents: rows.slice(0, ASSESSED_DOCUMENTS_MAX).map(({ review, title, recommendations }) => ({
      id: review.id,
      outputId: review.outputId,
      document: title,
      score: round1(review.overallScore),
      band: scoreBand(review.overallScore).band,
      status: review.decision,
      issues: review.issues,
      recommendations,
      assessedAt: review.createdAt.toISOString(),
    })),
  };
}
