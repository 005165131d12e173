import type { DataSource } from 'typeorm';
import { newId } from '@carelane/db';
import { enduserMatches } from '@carelane/automation';
import { SIGNALS } from '@carelane/workflows/constants';
import type { DomainEvent } from '../resources/engine';
import type { ChangeConsumer, ChangeContext } from '../events/change-feed';
import type { AutomationClient } from './automation-client';
import { triggerEventsFor, type TriggerFiring } from './trigger-events';

type Row = Record<string, any>;

/**
 * The automation dispatcher (ARCHITECTURE "How data flows", step 4): a consumer of the change feed
 * (api/src/events) that starts, signals or cancels workflows for each committed change. It only
 * reads (tenant-scoped) to decide; every write is an activity's. It throws when Temporal refuses, and
 * the change is retried from the outbox; every start uses a workflow id derived from the change, so
 * a retried change never starts a run twice.
 */
export class AutomationDispatcher implements ChangeConsumer {
  readonly name = 'automations';

  constructor(private readonly automations: AutomationClient, private readonly dataSource: DataSource) {}

  async handle(event: DomainEvent, context: ChangeContext = { replay: false }) {
    switch (event.resource) {
      case 'endusers':
        await this.endusersChanged(event, context);
        break;
      case 'journeys':
        if (event.kind === 'deleted') await this.automations.cancelJourneyRuns(event.businessId, event.record._id as string);
        break;
      case 'automation_steps':
        if (event.kind === 'deleted') {
          await this.automations.signalJourneyRuns(event.businessId, event.record.journeyId as string, SIGNALS.stepsDeleted, { stepIds: [event.record._id] });
        }
        break;
      case 'automated_actions':
        if (event.kind === 'updated' && event.changes?.status === 'cancelled' && event.previous?.status === 'active') {
          const { journeyId, enduserId, _id } = event.record as Row;
          await this.automations.signalJourney(event.businessId, journeyId, enduserId, SIGNALS.automatedActionCancelled, { automatedActionId: _id });
        }
        break;
      case 'form_responses':
        await this.formResponseChanged(event);
        break;
      case 'tickets':
        await this.ticketChanged(event);
        break;
      case 'calendar_events':
        await this.calendarEventChanged(event);
        break;
      default:
        break;
    }
    await this.fireTriggers(event);
  }

  /** The journeys map and scheduledJourneys start and end runs; deleting the enduser ends them all. */
  private async endusersChanged(event: DomainEvent, context: ChangeContext) {
    const { businessId } = event;
    const enduser = event.record as Row;
    const enduserId = enduser._id as string;
    if (event.kind === 'deleted') {
      for (const journeyId of Object.keys(enduser.journeys ?? {})) await this.automations.cancelJourney(businessId, journeyId, enduserId);
      return;
    }
    const before = event.kind === 'updated' ? (event.previous?.journeys as Record<string, string> | null) ?? {} : {};
    if (event.kind === 'created' || event.changes?.journeys !== undefined) {
      const after = (enduser.journeys as Record<string, string> | null) ?? {};
      // A replayed change may be older than a later one already handled: start or end only what the enduser's journeys still say.
      const now = context.replay ? await this.currentJourneys(businessId, enduserId) : after;
      for (const journeyId of Object.keys(after)) {
        if (!(journeyId in before) && journeyId in now) await this.automations.startJourney({ businessId, journeyId, enduserId });
      }
      for (const journeyId of Object.keys(before)) {
        if (!(journeyId in after) && !(journeyId in now)) await this.automations.cancelJourney(businessId, journeyId, enduserId);
      }
    }
    if (event.kind === 'created' || event.changes?.scheduledJourneys !== undefined) {
      const earlier = new Set(
        ((event.previous?.scheduledJourneys as Row[] | null) ?? []).map((entry) => `${entry.journeyId}@${new Date(entry.addAt).getTime()}`)
      );
      for (const entry of (enduser.scheduledJourneys as Row[] | null) ?? []) {
        const addAt = new Date(entry.addAt).getTime();
        if (earlier.has(`${entry.journeyId}@${addAt}`)) continue;
        await this.automations.startJourney({ businessId, journeyId: entry.journeyId, enduserId }, { startDelayMs: addAt - Date.now() });
      }
    }
  }

  /** The enduser's journeys map as it is now (empty when the enduser is gone). */
  private async currentJourneys(businessId: string, enduserId: string) {
    const row = await this.dataSource
      .createQueryBuilder('endusers', 'e')
      .select(['e._id', 'e.journeys'])
      .where('e._id = :enduserId AND e."businessId" = :businessId', { enduserId, businessId })
      .getOne();
    return ((row?.journeys as Record<string, string> | null) ?? {}) as Record<string, string>;
  }

  /** Which journey a step belongs to (the form response or ticket names only the step). */
  private async journeyOfStep(businessId: string, stepId: string) {
    const step = await this.dataSource
      .createQueryBuilder('automation_steps', 's')
      .select(['s._id', 's.journeyId'])
      .where('s._id = :stepId AND s."businessId" = :businessId', { stepId, businessId })
      .getOne();
    return (step?.journeyId as string | undefined) ?? undefined;
  }

  private async formResponseChanged(event: DomainEvent) {
    const response = event.record as Row;
    const submittedNow = event.kind === 'created' ? Boolean(response.submittedAt) : Boolean(event.changes?.submittedAt) && !event.previous?.submittedAt;
    if (!submittedNow || !response.automationStepId || !response.enduserId) return;
    const journeyId = await this.journeyOfStep(event.businessId, response.automationStepId);
    if (!journeyId) return;
    await this.automations.signalJourney(event.businessId, journeyId, response.enduserId, SIGNALS.formSubmitted, {
      automationStepId: response.automationStepId,
      formResponseId: response._id,
    });
  }

  private async ticketChanged(event: DomainEvent) {
    const ticket = event.record as Row;
    if (event.kind !== 'updated' || !ticket.closedAt || event.previous?.closedAt || !ticket.automationStepId || !ticket.enduserId) return;
    const journeyId = (ticket.journeyId as string | undefined) ?? (await this.journeyOfStep(event.businessId, ticket.automationStepId));
    if (!journeyId) return;
    await this.automations.signalJourney(event.businessId, journeyId, ticket.enduserId, SIGNALS.ticketCompleted, {
      automationStepId: ticket.automationStepId,
      ticketId: ticket._id,
      closedForReason: ticket.closedForReason ?? undefined,
    });
  }

  /** Reminders: a new event with reminders starts its run; a change or deletion tells the run. */
  private async calendarEventChanged(event: DomainEvent) {
    const record = event.record as Row;
    const hasReminders = Array.isArray(record.reminders) && record.reminders.length > 0;
    if (event.kind === 'created') {
      if (hasReminders && !record.cancelledAt) await this.automations.syncReminders(event.businessId, record._id, { startIfMissing: true });
      return;
    }
    if (event.kind === 'deleted') {
      await this.automations.syncReminders(event.businessId, record._id, { startIfMissing: false });
      return;
    }
    const relevant = ['startTimeInMS', 'reminders', 'cancelledAt'].some((field) => event.changes?.[field] !== undefined);
    if (relevant) await this.automations.syncReminders(event.businessId, record._id, { startIfMissing: hasReminders && !record.cancelledAt });
  }

  /** Active automation triggers whose event this change is. */
  private async fireTriggers(event: DomainEvent) {
    const firings = triggerEventsFor(event);
    if (!firings.length) return;
    const types = [...new Set(firings.map((firing) => firing.type))];
    const triggers = (await this.dataSource
      .createQueryBuilder('automation_triggers', 't')
      .where('t."businessId" = :businessId AND t.status = :status AND t.event->>\'type\' IN (:...types)', {
        businessId: event.businessId,
        status: 'Active',
        types,
      })
      .getMany()) as Row[];
    if (!triggers.length) return;
    for (const firing of firings) {
      for (const trigger of triggers) {
        if (trigger.event?.type !== firing.type || !firing.matches(trigger.event?.info ?? {})) continue;
        if (!(await this.enduserMeets(event.businessId, firing, trigger))) continue;
        await this.automations.fireTrigger({
          businessId: event.businessId,
          triggerId: trigger._id,
          enduserId: firing.enduserId,
          // Firings without a source record of their own ('Field Equals') take the change's outbox id, so a replay refuses a second run.
          sourceId: firing.sourceId ?? event.outboxId ?? newId(),
          oncePerEnduser: Boolean(trigger.oncePerEnduser),
        });
      }
    }
  }

  /** The trigger's enduserCondition, checked here to avoid starting runs for nothing (the activity checks again). */
  private async enduserMeets(businessId: string, firing: TriggerFiring, trigger: Row) {
    if (!trigger.enduserCondition || !Object.keys(trigger.enduserCondition).length) return true;
    const enduser = await this.dataSource
      .createQueryBuilder('endusers', 'e')
      .where('e._id = :id AND e."businessId" = :businessId', { id: firing.enduserId, businessId })
      .getOne();
    return Boolean(enduser) && enduserMatches(enduser as Row, trigger.enduserCondition);
  }
}
