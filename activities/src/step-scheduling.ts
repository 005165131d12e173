import type { DataSource } from 'typeorm';
import { followingMatches, type AutomationEventShape, type JourneyRef, type ScheduledStep, type StepMatch } from '@carelane/automation';
import { findRow, insertOnce, type Row } from './automation-records';
import { quietHoursHold } from './quiet-hours-hold';
import { systemWithin, wholeBusiness } from './worker-engine';

/** Finding a journey's next steps and writing each one's automated action (automation-activities.ts). */
export const createStepScheduling = ({ dataSource }: { dataSource: DataSource }) => ({
  /**
   * The steps of a journey that follow `afterStepId` (afterAction, formUnsubmitted, formResponse,
   * ticketCompleted, waitForTrigger naming it), or with `afterStepId: null` the onJourneyStart steps.
   */
  async findFollowingSteps({
    businessId,
    journeyId,
    afterStepId,
  }: {
    businessId: string;
    journeyId: string;
    afterStepId: string | null;
  }): Promise<StepMatch[]> {
    const query = dataSource
      // raw SQL: jsonb containment on events with an info sub-object; expressible with the filter language but not yet moved
      .createQueryBuilder('automation_steps', 's')
      .where('s."businessId" = :businessId AND s."journeyId" = :journeyId', { businessId, journeyId })
      .orderBy('s._id', 'ASC');
    if (afterStepId) query.andWhere('s.events @> :probe::jsonb', { probe: JSON.stringify([{ info: { automationStepId: afterStepId } }]) });
    else query.andWhere('s.events @> :probe::jsonb', { probe: JSON.stringify([{ type: 'onJourneyStart' }]) });
    const steps = (await query.getMany()) as Row[];
    return followingMatches(steps.map((step) => ({ id: step._id as string, events: step.events as AutomationEventShape[] | null })), afterStepId);
  },

  /** Writes the step's automated action (active, processAfter) once; null when the step no longer exists. */
  async scheduleStep(input: JourneyRef & { id: string; stepId: string; event: AutomationEventShape; processAfter: number }): Promise<ScheduledStep | null> {
    const step = await systemWithin(dataSource.manager, wholeBusiness(input.businessId)).byId('automation_steps', input.stepId);
    if (!step || step.journeyId !== input.journeyId) return null;
    // A retry finds the time the first attempt wrote; quiet hours are decided once, when the step is first scheduled.
    // raw SQL: the workflow's own bookkeeping row, read by the id the workflow chose
    const written = await findRow(dataSource.manager, 'automated_actions', input.businessId, input.id);
    const heldUntil = written
      ? Number(written.processAfter) > input.processAfter ? Number(written.processAfter) : undefined
      : await quietHoursHold(dataSource.manager, { ...input, actionType: String(step.action?.type ?? '') });
    const cancelConditions = (input.event.info?.cancelConditions as { type: string; info: { automationStepId: string } }[] | undefined) ?? [];
    // raw SQL: the workflow's own bookkeeping row (id chosen by the workflow), inserted once; not a change anyone reacts to
    await insertOnce(
      dataSource.manager,
      'automated_actions',
      {
        _id: input.id,
        businessId: input.businessId,
        automationStepId: input.stepId,
        enduserId: input.enduserId,
        journeyId: input.journeyId,
        event: input.event,
        action: step.action,
        status: 'active',
        processAfter: heldUntil ?? input.processAfter,
        cancelConditions: cancelConditions.length ? cancelConditions : null,
      },
      { organizationIds: step.organizationIds, creator: step.creator }
    );
    return {
      action: step.action,
      continueOnError: Boolean(step.continueOnError ?? step.action?.continueOnError),
      cancelOnFormsOf: cancelConditions.filter((condition) => condition.type === 'formResponse').map((condition) => condition.info.automationStepId),
      ...(heldUntil !== undefined ? { heldUntil } : {}),
    };
  },
});
