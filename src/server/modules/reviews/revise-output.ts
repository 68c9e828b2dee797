import { eq, sql } from 'drizzle-orm';
import type { ReviseOutputInput } from '../../../shared/schemas/reviews.ts';
import { AppError } from '../../app-error.ts';
import { aiOutputs } from '../../db/schema/reviews.ts';
import { recordAudit } from '../../platform/audit/record-audit.ts';
import type { Tenant } from '../../platform/tenancy/tenant.ts';
import { assignTaskRequest } from '../task-requests/task-request-status.ts';
import { readOutput } from './output-review.service.ts';

/**
 * A reviewer's edit (docs/delivery.md): the edited draft becomes the request's next version, awaiting
 * review, with the reviewer as its editor and no agent run; the version they edited is superseded. Only
 * a version awaiting review can be edited (else 409), and the row lock makes two edits of one version
 * race to one winner.
 */
export async function reviseOutput(
  tenant: Tenant,
  input: { outputId: string; reviewerId: string; revision: ReviseOutputInput },
): Promise<{ outputId: string; version: number }> {
  return tenant.transaction(async (tx) => {
    const { output, request } = await readOutput(tx, tenant, input.outputId, true);
    if (output.status !== 'pending_review' || request.status === 'cancelled') {
      throw new AppError('CONFLICT', 'Only a draft awaiting review can be edited; this version was decided or replaced.');
    }
    const [latest] = await tx
      .select({ version: sql<number>`max(${aiOutputs.version})` })
      .from(aiOutputs)
      .where(eq(aiOutputs.taskRequestId, request.id));
    const { revision } = input;
    await tx.update(aiOutputs).set({ status: 'superseded' }).where(eq(aiOutputs.id, output.id));
    const [created] = await tx
      .insert(aiOutputs)
      .values({
        organizationId: output.organizationId,
        taskRequestId: output.taskRequestId,
        runId: null,
        agentId: output.agentId,
        version: Number(latest?.version ?? output.version) + 1,
        title: output.title,
        type: output.type,
        confidence: output.confidence,
        summary: revision.summary ?? output.summary,
        keyFindings: revision.keyFindings ?? output.keyFindings,
        riskScore: output.riskScore,
        recommendations: revision.recommendations ?? output.recommendations,
        body: revision.body,
        sources: output.sources,
        // The edit is of the same request: what the agent read stays shown beside it.
        briefFacts: output.briefFacts,
        removedReferences: output.removedReferences,
        status: 'pending_review',
        editedBy: input.reviewerId,
      })
      .returning({ id: aiOutputs.id, version: aiOutputs.version });
    if (!created) throw new Error('reviseOutput: insert returned nothing');
    // The staff member working on the request is the last one to touch it.
    await assignTaskRequest(tx, request.id, input.reviewerId);
    await recordAudit(tx, {
      ...tenant.origin,
      organizationId: output.organizationId,
      action: 'ai_output.revise',
      entityType: 'ai_output',
      entityId: created.id,
      before: { outputId: output.id, version: output.version },
      after: { version: created.version, taskRequestId: request.id },
    });
    return { outputId: created.id, version: created.version };
  });
}
