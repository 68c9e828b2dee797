import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Readiness } from '../../../shared/schemas/frameworks.ts';
import { AppError } from '../../app-error.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { programmeContext } from '../frameworks/programme-context.ts';
import { getReadiness } from '../frameworks/readiness.service.ts';
import { catalogueCitation } from './advisor-catalogue.ts';
import type { ProgrammeFacts, ProgrammeFactsLoader } from './advisor-programme.ts';

const GAPS_PER_FRAMEWORK = 3;

/** The facts the advisor may state, from one organization's readiness (already filtered by the reader's scopes). */
export function programmeFactsFrom(readiness: Readiness, organizationName: string): ProgrammeFacts {
  return {
    organizationName,
    frameworks: readiness.frameworks.map((framework) => ({
      name: framework.name,
      score: framework.score,
      met: framework.met,
      partial: framework.partial,
      notMet: framework.notMet,
      targetDate: framework.targetDate,
      gaps: framework.requirements
        .filter((requirement) => requirement.status === 'not_met')
        .slice(0, GAPS_PER_FRAMEWORK)
        .map((requirement) => ({
          citation: catalogueCitation(framework.frameworkId, requirement.ref),
          title: requirement.title,
          reason: requirement.reason,
        })),
    })),
    controls: readiness.controlsByStatus,
    expiring: readiness.expiringEvidence.map((item) => ({ title: item.title, expiresAt: item.expiresAt })),
    stale: readiness.staleEvidence.map((item) => ({ title: item.title })),
  };
}

/**
 * The asking user's own programme, through the tenant guard and their permissions and scopes: a
 * client's organization, or the one organization a staff member is assigned to. Anyone else (no
 * organization, several to choose from, no right to read frameworks) gets null and a general answer.
 */
export function programmeFactsLoader(request: FastifyRequest): ProgrammeFactsLoader {
  return async () => {
    const context = await programmeContext(request);
    if (!context.reader.permissions.has('frameworks:read')) return null;
    let readiness: Readiness;
    try {
      readiness = await getReadiness(context, undefined);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
    const [organization] = await request.server.database.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, readiness.organizationId));
    return programmeFactsFrom(readiness, organization?.name ?? 'Your organization');
  };
}
