import type { DataSource } from 'typeorm';
import { newId, resourceByName, type AutomationRules, type JourneySignalRule } from '@carelane/db';
import { explainEnduserMatch } from '@carelane/automation';
import { recordDecisions, type NewDecision } from '@carelane/db/internal/automation-decisions';
import { organizationSees, type DomainEvent } from '@carelane/engine';
import { SIGNALS } from '@carelane/workflows/constants';
import type { ChangeConsumer, ChangeContext } from '../events/change-feed';
import { ConsumerSettings } from '../events/consumer-settings';
import type { AutomationClient } from './automation-client';
import { triggerEventsFor, type TriggerFiring } from './trigger-events';
import { freedStart } from './freed-time';
import { WAITLIST_STATUSES } from '@carelane/db';

type Row = Record<string, any>;

/** The reasons a trigger's decision records, in words staff read on the patient's timeline. */
const FIRED = 'all conditions held';
const OUTSIDE_ORGANIZATION = "the patient is outside the trigger's organization";
const HAS_CARE_TEAM = 'the patient has a care team';

/** Whether the change is the one a signal rule names (see JourneySignalRule.when). */
const signalled = (rule: JourneySignalRule, event: DomainEvent) => {
  const { when } = rule;
  const record = event.record as Row;
  if ('deleted' in when) return event.kind === 'deleted';
  if ('set' in when) {
    if (event.kind === 'created') return Boolean(when.alsoOnCreate) && when.set.some((field) => Boolean(record[field]));
    return event.kind === 'updated' && when.set.some((field) => Boolean(event.changes?.[field]) && !event.previous?.[field]);
  }
  if (event.kind !== 'updated') return false;
  if ('nowSet' in when) return Boolean(record[when.nowSet]) && !event.previous?.[when.nowSet];
  return event.changes?.[when.transition.field] === when.transition.to && event.previous?.[when.transition.field] === when.transition.from;
};

/**
 * The automation dispatcher (ARCHITECTURE "How data flows", step 4): a consumer of the change feed
 * (api/src/events) that starts, signals or cancels workflows for each committed change. It only
 * reads (tenant-scoped) to decide; every write is an activity's. It throws when Temporal refuses, and
 * the change is retried from the outbox; every start uses a workflow id derived from the change, so
 * a retried change never starts a run twice.
 */
export class AutomationDispatcher implements ChangeConsumer {
  readonly name = 'automations';

  constructor(
    private readonly automations: AutomationClient,
    private readonly dataSource: DataSource,
    private readonly settings = new ConsumerSettings(dataSource),
  ) {}

  async handle(event: DomainEvent, context: ChangeContext = { replay: false }) {
    // An automation's own writes (emails, chats, tickets a journey step made) never start, signal or
    // trigger automations: the activity already did what follows from them, and triggers must not chain.
    if (event.origin === 'automation') return;
    const rules = resourceByName.get(event.resource)?.automation;
    if (rules?.journeyMembership) await this.endusersChanged(event, context);
    if (rules?.endsJourneyRunsOnDelete && event.kind === 'deleted') await this.automations.cancelJourneyRuns(event.businessId, event.record._id as string);
    if (rules?.reminders) await this.remindersChanged(event, rules.reminders);
    for (const rule of rules?.signals ?? []) await this.signal(event, rule);
    if (rules?.freesTime) await this.timeFreed(event, rules.freesTime);
    await this.fireTriggers(event);
  }

  /** An enduser's journeys map and scheduledJourneys start and end runs; deleting the enduser ends them all. */
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
    // raw SQL: the dispatcher acts on a committed change outside any request: one row by id within the change's business.
    const row = await this.dataSource
      .createQueryBuilder('endusers', 'e')
      .select(['e._id', 'e.journeys'])
      .where('e._id = :enduserId AND e."businessId" = :businessId', { enduserId, businessId })
      .getOne();
    return ((row?.journeys as Record<string, string> | null) ?? {}) as Record<string, string>;
  }

  /** Which journey a step belongs to (the form response or ticket names only the step). */
  private async journeyOfStep(businessId: string, stepId: string): Promise<string | undefined> {
    // raw SQL: the dispatcher acts on a committed change outside any request: one row by id within the change's business.
    const step = await this.dataSource
      .createQueryBuilder('automation_steps', 's')
      .select(['s._id', 's.journeyId'])
      .where('s._id = :stepId AND s."businessId" = :businessId', { stepId, businessId })
      .getOne();
    return (step?.journeyId as string | undefined) ?? undefined;
  }

  /** A journey signal the resource's definition declares for this change (db/src/resources/policy.ts JourneySignalRule). */
  private async signal(event: DomainEvent, rule: JourneySignalRule) {
    const record = event.record as Row;
    if (!signalled(rule, event) || (rule.requires ?? []).some((field) => !record[field])) return;
    const named = rule.journey.field ? (record[rule.journey.field] as string | undefined) : undefined;
    const journeyId = named ?? (rule.journey.viaStep ? await this.journeyOfStep(event.businessId, record[rule.journey.viaStep]) : undefined);
    if (!journeyId) return;
    const payload = Object.fromEntries(
      Object.entries(rule.payload).map(([key, from]) => [key, 'field' in from ? (record[from.field] ?? undefined) : 'id' in from ? record._id : [record._id]]),
    );
    const signal = SIGNALS[rule.signal];
    if (rule.enduser) await this.automations.signalJourney(event.businessId, journeyId, record[rule.enduser], signal, payload);
    else await this.automations.signalJourneyRuns(event.businessId, journeyId, signal, payload);
  }

  /** Reminders: a new record with reminders starts its run; a change or deletion tells the run. */
  private async remindersChanged(event: DomainEvent, rule: NonNullable<AutomationRules['reminders']>) {
    const record = event.record as Row;
    const hasReminders = Array.isArray(record[rule.list]) && record[rule.list].length > 0;
    if (event.kind === 'created') {
      if (hasReminders && !record[rule.cancelledField]) await this.automations.syncReminders(event.businessId, record._id, { startIfMissing: true });
      return;
    }
    if (event.kind === 'deleted') {
      await this.automations.syncReminders(event.businessId, record._id, { startIfMissing: false });
      return;
    }
    const relevant = rule.fields.some((field) => event.changes?.[field] !== undefined);
    if (relevant) await this.automations.syncReminders(event.businessId, record._id, { startIfMissing: hasReminders && !record[rule.cancelledField] });
  }

  /**
   * A cancelled or moved appointment's start goes down the waitlist (docs/decisions.md, "The
   * waitlist"), when someone of the business is waiting for a start then: one run per freed start.
   */
  private async timeFreed(event: DomainEvent, rule: NonNullable<AutomationRules['freesTime']>) {
    const start = freedStart(event, rule);
    if (start === undefined) return;
    // raw SQL: the dispatcher acts on a committed change outside any request: whether anyone of the change's business waits for that start.
    const waiting = await this.dataSource
      .createQueryBuilder('waitlist_requests', 'w')
      .select('w._id')
      .where('w."businessId" = :businessId AND w.status = :status AND w."fromTimeInMS" <= :start AND w."toTimeInMS" > :start', { businessId: event.businessId, status: WAITLIST_STATUSES[0], start })
      .getOne();
    if (waiting) await this.automations.offerFreedTime({ businessId: event.businessId, calendarEventId: event.record._id as string, startTimeInMS: start });
  }

  /**
   * Active automation triggers whose event this change is. Each evaluation of a trigger whose event
   * the change is, for a patient, is recorded with its outcome and why ("Why it fired",
   * db/src/internal/automation-decisions.ts).
   */
  private async fireTriggers(event: DomainEvent) {
    const firings = triggerEventsFor(event);
    if (!firings.length) return;
    const types = [...new Set(firings.map((firing) => firing.type))];
    // The business's active triggers are kept between changes (ConsumerSettings); those of these event types, as the query picked them.
    const triggers = (await this.settings.activeTriggers(event.businessId)).filter((trigger) => types.includes(trigger.event?.type));
    if (!triggers.length) return;
    const decisions: NewDecision[] = [];
    // A replayed change has the same outbox id, so its decisions are recorded once.
    const changeKey = event.outboxId ?? newId();
    for (const firing of firings) {
      for (const trigger of triggers) {
        // A change the trigger's event settings do not name (another form, another field) is not an evaluation for the patient: not recorded.
        if (trigger.event?.type !== firing.type || !firing.matches(trigger.event?.info ?? {}, trigger.event ?? {})) continue;
        const refusal = await this.enduserRefusal(event.businessId, firing, trigger);
        // A patient outside the trigger's organization is not its to judge: nothing is recorded on their
        // timeline, which staff of their own organization read (a sibling's triggers stay unseen).
        if (refusal === OUTSIDE_ORGANIZATION) continue;
        decisions.push({
          key: `${changeKey}:${trigger._id}:${firing.enduserId}:${firing.sourceId ?? ''}`,
          businessId: event.businessId,
          enduserId: firing.enduserId,
          kind: 'trigger',
          triggerId: trigger._id,
          fired: !refusal,
          reason: refusal ?? FIRED,
        });
        if (refusal) continue;
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
    await recordDecisions(this.dataSource, decisions);
  }

  /**
   * Why the trigger may not act on the firing's enduser, or null when it may: its organization sees
   * them (a sub-organization's trigger never acts on a patient above or beside it) and its
   * enduserCondition holds. Checked here to avoid starting runs for nothing; the activity checks both
   * again, reading the enduser through the engine as the trigger's organization. A change to the
   * enduser is judged on the enduser as that change left them.
   */
  private async enduserRefusal(businessId: string, firing: TriggerFiring, trigger: Row): Promise<string | null> {
    const scoped = Array.isArray(trigger.organizationIds) && trigger.organizationIds.length > 0;
    const conditioned = Boolean(trigger.enduserCondition && Object.keys(trigger.enduserCondition).length);
    if (!scoped && !conditioned && !firing.enduserCheck) return null;
    const enduser =
      firing.enduser ??
      // raw SQL: the dispatcher acts on a committed change outside any request: one row by id within the change's business.
      ((await this.dataSource
        .createQueryBuilder('endusers', 'e')
        .where('e._id = :id AND e."businessId" = :businessId', { id: firing.enduserId, businessId })
        .getOne()) as Row | null);
    if (!enduser || !organizationSees(trigger.organizationIds, enduser)) return OUTSIDE_ORGANIZATION;
    if (firing.enduserCheck && !firing.enduserCheck(trigger.event?.info ?? {}, enduser)) return HAS_CARE_TEAM;
    if (!conditioned) return null;
    const verdict = explainEnduserMatch(enduser, trigger.enduserCondition);
    return verdict.met ? null : verdict.failed!;
  }
}
