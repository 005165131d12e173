import { definitionKit, describeEachDefinition, ID } from './definition-test-kit';

/**
 * Automation definitions without a database: journey steps, the actions they run and
 * organization-wide triggers, each shape checked by type with the exact messages of
 * docs/contract/validation.md.
 */

const { definitions, def, create, createError, enduserAccess } = definitionKit('automation');

describe('automation resources', () => {
  describeEachDefinition(definitions);

  it('gives endusers no access (seeds 000 §6)', () => {
    expect(enduserAccess()).toEqual({ automation_steps: [], automated_actions: [], automation_triggers: [] });
  });

  describe('automation', () => {
    it('checks step actions by type', () => {
      expect(createError('automation_steps', { action: { type: 'sendFax', info: {} } })).toBe(
        'Error parsing field action: Value must match one of sendEmail, sendSMS, sendChat, sendForm, notifyTeam, setEnduserStatus, createTicket, sendWebhook, shareContent, addEnduserTags, removeEnduserTags, setEnduserFields, addToJourney, removeFromJourney, removeFromAllJourneys, createCarePlan, completeCarePlan, completeTickets, cancelFutureAppointments',
      );
      expect(createError('automation_steps', { action: { type: 'addToJourney', info: {} } })).toBe('Error parsing field action: missing value for journeyId');
      expect(createError('automation_steps', { action: { type: 'sendEmail', info: { senderId: ID } } })).toBe('Error parsing field action: missing value for templateId');
      expect(createError('automation_steps', { action: { type: 'sendEmail' } })).toBe('Error parsing field action: missing value for info');
      expect(
        create('automation_steps', { action: { type: 'sendEmail', info: { senderId: ID, templateId: ID }, continueOnError: true } }).action,
      ).toEqual({ type: 'sendEmail', info: { senderId: ID, templateId: ID }, continueOnError: true });
      expect(create('automation_steps', { action: { type: 'removeFromAllJourneys' } }).action).toEqual({ type: 'removeFromAllJourneys' });
      expect(
        create('automation_steps', {
          action: { type: 'createTicket', info: { title: 'Call', defaultAssignee: ID, assignmentStrategy: { type: 'care-team-random', info: {} } } },
        }),
      ).toBeDefined();
    });

    it('checks step events by type', () => {
      expect(createError('automation_steps', { events: [{ type: 'onFullMoon', info: {} }] })).toBe(
        'Error parsing field events: Value must match one of onJourneyStart, afterAction, formResponse, formUnsubmitted, ticketCompleted, waitForTrigger',
      );
      expect(
        create('automation_steps', {
          events: [{ type: 'afterAction', info: { automationStepId: ID, delayInMS: 60_000, delay: 1, unit: 'Minutes' } }],
        }),
      ).toBeDefined();
      expect(createError('automation_steps', { events: [{ type: 'afterAction', info: { automationStepId: ID, delayInMS: 1, delay: 1, unit: 'Weeks' } }] })).toBe(
        'Error parsing field events: Value must match one of Days, Hours, Minutes, Seconds',
      );
      expect(createError('automation_steps', { events: [{ type: 'waitForTrigger', info: { automationStepId: ID } }] })).toBe(
        'Error parsing field events: missing value for triggerId',
      );
      expect(create('automation_steps', { conditions: [{ type: 'atJourneyState', info: { state: 'New', journeyId: ID } }], continueOnError: true })).toBeDefined();
    });

    it('removes steps with their journey and runs with their step, enduser and journey', () => {
      expect(def('automation_steps').fields.journeyId.references).toEqual({ resource: 'journeys', onDelete: 'cascade' });
      expect(def('automated_actions').fields.automationStepId.references).toEqual({ resource: 'automation_steps', onDelete: 'cascade' });
      expect(def('automated_actions').fields.enduserId.references).toEqual({ resource: 'endusers', onDelete: 'cascade' });
      expect(def('automated_actions').fields.journeyId.references).toEqual({ resource: 'journeys', onDelete: 'cascade' });
    });

    it('checks automated action statuses and cancel conditions', () => {
      expect(createError('automated_actions', { status: 'paused' })).toBe('Error parsing field status: Value must match one of active, finished, cancelled, error');
      expect(create('automated_actions', { status: 'active', cancelConditions: [{ type: 'formResponse', info: { automationStepId: ID } }] })).toBeDefined();
    });

    it('keeps trigger titles unique and checks status, event and action', () => {
      expect(def('automation_triggers').unique).toEqual([['title']]);
      expect(createError('automation_triggers', { status: 'On' })).toBe('Error parsing field status: Value must match one of Active, Inactive');
      expect(createError('automation_triggers', { event: { type: 'Form Submitted', info: {} } })).toBe('Error parsing field event: missing value for formId');
      expect(createError('automation_triggers', { event: { type: 'Moon Phase', info: {} } })).toMatch(/^Error parsing field event: Value must match one of Form Submitted, /);
      expect(create('automation_triggers', { event: { type: 'Appointment Completed', info: { templateIds: [ID] } } })).toBeDefined();
      expect(createError('automation_triggers', { action: { type: 'Add To Journey', info: {} } })).toBe('Error parsing field action: missing value for journeyId');
      expect(createError('automation_triggers', { action: { type: 'Launch Rocket', info: {} } })).toMatch(/^Error parsing field action: Value must match one of Add To Journey, /);
      expect(create('automation_triggers', { action: { type: 'Add Tags', info: { tags: ['vip'] } }, status: 'Active' })).toBeDefined();
    });
  });
});
