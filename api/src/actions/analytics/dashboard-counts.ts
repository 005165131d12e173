import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { calendar_events, chats, emails, endusers, form_responses, sms_messages, type ResourceDefinition } from '@carelane/db';
import type { Caller } from '../../auth/caller';
import { applyVisibility, authorize } from '@carelane/engine';

/**
 * The dashboard's counts, each over the caller's scoped rows (business, organization and the role's
 * visibility through the engine's applyVisibility), counted in PostgreSQL without loading records.
 */

export interface Bucket {
  key: string;
  value: number;
}

/** The rows of one resource the caller may read, as alias `record` (the caller's business, then the engine's visibility). */
const scoped = (dataSource: DataSource, caller: Caller, definition: ResourceDefinition) => {
  authorize(definition, 'read', caller);
  // raw SQL: aggregates (COUNT ... GROUP BY) the engine's row reads cannot express; applyVisibility adds the engine's own visibility and organization scope.
  const query = dataSource
    .createQueryBuilder()
    .from(definition.name, 'record')
    .where('record."businessId" = :dashboardBusinessId', { dashboardBusinessId: caller.businessId }) as SelectQueryBuilder<object>;
  applyVisibility(query, definition, caller, 'read', 'record');
  return query;
};

const buckets = (rows: { key: string | Date | null; value: string }[]): Bucket[] =>
  rows.map((row) => ({ key: row.key instanceof Date ? row.key.toISOString() : String(row.key ?? ''), value: Number(row.value) }));

/** Records per ISO week (from Monday midnight on `timeZone`'s clock) of `column` since `since`, oldest first; weeks without any are left out (the screen fills them). */
export const perWeek = async (dataSource: DataSource, caller: Caller, definition: ResourceDefinition, column: string, since: Date, timeZone: string) =>
  buckets(
    await scoped(dataSource, caller, definition)
      .select(`date_trunc('week', record."${column}", CAST(:weekZone AS text))`, 'key')
      .setParameter('weekZone', timeZone)
      .addSelect('COUNT(*)', 'value')
      .andWhere(`record."${column}" >= :since`, { since })
      .groupBy('key')
      .orderBy('key', 'ASC')
      .getRawMany(),
  );

export const newPatientsPerWeek = (dataSource: DataSource, caller: Caller, since: Date, timeZone: string) => perWeek(dataSource, caller, endusers, 'createdAt', since, timeZone);

export const formsCompletedPerWeek = (dataSource: DataSource, caller: Caller, since: Date, timeZone: string) =>
  perWeek(dataSource, caller, form_responses, 'submittedAt', since, timeZone);

/** The status words of an appointment, in the order the staff calendar decides them (web/app/staff/calendar/appointment-items.ts). */
const STATUS = `CASE WHEN record."cancelledAt" IS NOT NULL THEN 'Cancelled' WHEN record."noShowedAt" IS NOT NULL THEN 'No-show'
  WHEN record."completedAt" IS NOT NULL THEN 'Completed' WHEN record."rescheduledAt" IS NOT NULL THEN 'Rescheduled' ELSE 'Booked' END`;

/** Appointments (events with a patient among the attendees) starting since `since`, by status, largest first. */
export const appointmentsByStatus = async (dataSource: DataSource, caller: Caller, since: Date) =>
  buckets(
    await scoped(dataSource, caller, calendar_events)
      .select(STATUS, 'key')
      .addSelect('COUNT(*)', 'value')
      .andWhere('record."startTimeInMS" >= :sinceMs', { sinceMs: since.getTime() })
      .andWhere(`jsonb_typeof(record.attendees) = 'array' AND record.attendees @> '[{"type":"enduser"}]'::jsonb`)
      .groupBy('key')
      .orderBy('value', 'DESC')
      .addOrderBy('key', 'ASC')
      .getRawMany(),
  );

const countSince = async (dataSource: DataSource, caller: Caller, definition: ResourceDefinition, since: Date) =>
  Number((await scoped(dataSource, caller, definition).select('COUNT(*)', 'value').andWhere('record."createdAt" >= :since', { since }).getRawOne())?.value ?? 0);

/** Messages sent or received since `since`, by channel: email, text (SMS) and chat. */
export const messagesByChannel = async (dataSource: DataSource, caller: Caller, since: Date): Promise<Bucket[]> => {
  const [email, sms, chat] = await Promise.all([emails, sms_messages, chats].map((definition) => countSince(dataSource, caller, definition, since)));
  return [
    { key: 'Email', value: email },
    { key: 'Text message', value: sms },
    { key: 'Chat', value: chat },
  ];
};

export interface JourneyStates {
  journeyId: string;
  title: string;
  states: Bucket[];
}

/**
 * The patients in each state of each journey the caller may read (endusers.journeys maps a journey's
 * id to the patient's state in it). States come in the journey's own order, empty ones included.
 */
export const patientsByJourneyState = async (dataSource: DataSource, caller: Caller, journeyRows: Record<string, unknown>[]): Promise<JourneyStates[]> => {
  const countsOf = async (journeyId: string) => {
    // Aliased apart from endusers' own address column `state`, which GROUP BY would otherwise take.
    const rows: { journeyState: string; value: string }[] = await scoped(dataSource, caller, endusers)
      .select('record.journeys ->> :journeyId', 'journeyState')
      .addSelect('COUNT(*)', 'value')
      .andWhere(`jsonb_typeof(record.journeys) = 'object' AND record.journeys ->> :journeyId IS NOT NULL`, { journeyId })
      .groupBy('"journeyState"')
      .getRawMany();
    return new Map(rows.map((row) => [row.journeyState, Number(row.value)]));
  };
  const counted = await Promise.all(journeyRows.map((journey) => countsOf(String(journey._id))));
  return journeyRows.map((journey, index) => {
    const id = String(journey._id);
    const counts = counted[index]!;
    const named = ((journey.states as { name?: string }[] | undefined) ?? []).map((state) => String(state.name ?? ''));
    const others = [...counts.keys()].filter((state) => !named.includes(state));
    return {
      journeyId: id,
      title: String(journey.title ?? ''),
      states: [...named, ...others].map((state) => ({ key: state || 'No state', value: counts.get(state) ?? 0 })),
    };
  });
};

