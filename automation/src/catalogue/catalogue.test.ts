import { JOURNEY_ACTIONS, JOURNEY_EVENTS, TRIGGER_ACTIONS, TRIGGER_EVENTS, type NameOf } from './index';

const names: Record<string, string> = { t1: 'Welcome', s1: "Send email 'Welcome'", j1: 'Onboarding', f1: 'Intake', u1: 'Dr. Lee', tr1: 'New lead' };
const nameOf: NameOf = (_picker, id) => names[String(id)];

describe('the automation catalogue', () => {
  test('every entry has a label staff can read and describes itself without ids', () => {
    for (const entries of [JOURNEY_EVENTS, JOURNEY_ACTIONS, TRIGGER_EVENTS, TRIGGER_ACTIONS]) {
      for (const [type, entry] of Object.entries(entries)) {
        expect(entry.type).toBe(type);
        expect(entry.label).toMatch(/^[A-Z]/);
        const sentence = entry.describe({ templateId: 'x0', journeyId: 'x0', formId: 'x0', automationStepId: 'x0', tags: ['a'] }, () => undefined);
        expect(sentence).not.toMatch(/x0|undefined|\[object/);
      }
    }
  });

  test('sentences name what the settings point at', () => {
    expect(JOURNEY_ACTIONS.sendEmail.describe({ templateId: 't1' }, nameOf)).toBe("Send email 'Welcome'");
    expect(JOURNEY_EVENTS.afterAction.describe({ automationStepId: 's1', delay: 3, unit: 'Days' }, nameOf)).toBe("3 days after “Send email 'Welcome'”");
    expect(JOURNEY_EVENTS.afterAction.describe({ automationStepId: 's1', delay: 1, unit: 'Hours' }, nameOf)).toBe("1 hour after “Send email 'Welcome'”");
    expect(JOURNEY_EVENTS.onJourneyStart.describe({}, nameOf)).toBe('When the journey starts');
    expect(JOURNEY_ACTIONS.addToJourney.describe({ journeyId: 'j1' }, nameOf)).toBe("Add to the journey 'Onboarding'");
    expect(JOURNEY_ACTIONS.addEnduserTags.describe({ tags: ['vip', 'new'] }, nameOf)).toBe("Add the tags 'vip' and 'new'");
    expect(JOURNEY_ACTIONS.createTicket.describe({ title: 'Call back', defaultAssignee: 'u1' }, nameOf)).toBe("Create the task 'Call back' for Dr. Lee");
    // Template variables read as what they stand for, never as the template's syntax.
    expect(JOURNEY_ACTIONS.createTicket.describe({ title: 'Call {{enduser.fname}} about {{ calendar_event.title }}' }, nameOf)).toBe("Create the task 'Call [patient's first name] about [appointment's title]'");
    expect(JOURNEY_ACTIONS.createCarePlan.describe({ title: '{{enduser.Favorite Color}} plan' }, nameOf)).toBe("Create the care plan '[patient's favorite color] plan'");
    expect(JOURNEY_EVENTS.waitForTrigger.describe({ automationStepId: 's1', triggerId: 'tr1' }, nameOf)).toBe("When 'New lead' fires after “Send email 'Welcome'”");
    expect(TRIGGER_EVENTS['Field Equals'].describe({ field: 'stage', value: 'ready' }, nameOf)).toBe("When 'stage' becomes 'ready'");
    expect(JOURNEY_ACTIONS.sendWebhook.describe({ url: 'https://hooks.example.com/x' }, nameOf)).toBe('Send a webhook to hooks.example.com');
  });
});
