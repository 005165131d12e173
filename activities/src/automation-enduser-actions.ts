import { addTags, removeTags, setFields, setJourneyState, leaveJourneys } from './automation-enduser';
import { info, type DbAction } from './automation-action-context';
import { automationError, derivedId } from './automation-records';
import { systemWithin } from './worker-engine';
import type { JourneyActionType } from '@carelane/automation';
import type { ActionHandler } from './automation-action-context';

/**
 * Actions that change the enduser's own records: journey status, tags, fields, which journeys they
 * are on, and their upcoming appointments. Each only writes to PostgreSQL, in the transaction that
 * marks its automated action finished.
 */

export const setEnduserStatus: DbAction = {
  kind: 'db',
  async run(context) {
    const { status } = info(context);
    await setJourneyState(context.manager, context.owner, context.enduser, context.journeyId, status, derivedId(context.row._id, 'status'));
    return {};
  },
};

export const addEnduserTags: DbAction = {
  kind: 'db',
  async run(context) {
    const { tags, replaceExisting } = info(context);
    await addTags(context.manager, context.owner, context.enduser, tags ?? [], Boolean(replaceExisting));
    return {};
  },
};

export const removeEnduserTags: DbAction = {
  kind: 'db',
  async run(context) {
    await removeTags(context.manager, context.owner, context.enduser, info(context).tags ?? []);
    return {};
  },
};

export const setEnduserFields: DbAction = {
  kind: 'db',
  async run(context) {
    await setFields(context.manager, context.owner, context.enduser, info(context).fields ?? []);
    return {};
  },
};

export const addToJourney: DbAction = {
  kind: 'db',
  async run(context) {
    const { journeyId } = info(context);
    const journey = await systemWithin(context.manager, context.owner).byId('journeys', journeyId);
    if (!journey) throw automationError(`Journey ${journeyId} was not found`);
    return { effects: { startJourneys: [journeyId] } };
  },
};

export const removeFromJourney: DbAction = {
  kind: 'db',
  async run(context) {
    const { journeyId } = info(context);
    const left = await leaveJourneys(context.manager, context.owner, context.enduser, [journeyId]);
    return { effects: { cancelJourneys: left } };
  },
};

export const removeFromAllJourneys: DbAction = {
  kind: 'db',
  async run(context) {
    const left = await leaveJourneys(context.manager, context.owner, context.enduser);
    // This journey's own run ends too, even if the map no longer listed it.
    return { effects: { cancelJourneys: [...new Set([...left, context.journeyId])] } };
  },
};

export const cancelFutureAppointments: DbAction = {
  kind: 'db',
  async run(context) {
    const { manager, enduser, businessId } = context;
    const data = systemWithin(manager, context.owner);
    const upcoming = await data.rows('calendar_events', {
      filter: { startTimeInMS: { _gt: Date.now() }, cancelledAt: null, attendees: [{ type: 'enduser', id: enduser._id }] },
    });
    const cancelledAt = new Date();
    for (const event of upcoming) await data.updateOne('calendar_events', event._id, {}, { serverFields: { cancelledAt } });
    const ids = upcoming.map((event) => event._id as string);
    return { effects: { remindersChanged: ids }, progress: { cancelledEventIds: ids } };
  },
};

/** The enduser's own records: this file's handlers, by the catalogue's type (automation-actions.ts gathers every family). */
export const ENDUSER_ACTIONS = { setEnduserStatus, addEnduserTags, removeEnduserTags, setEnduserFields, addToJourney, removeFromJourney, removeFromAllJourneys, cancelFutureAppointments } satisfies Partial<Record<JourneyActionType, ActionHandler>>;
