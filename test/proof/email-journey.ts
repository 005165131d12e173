import type { Session } from '@tellescope/sdk';

/**
 * A journey of three email steps: the first on joining, then each `delays[i]` seconds after the
 * previous one. Subjects are `Step <n> for <fname>`, so the SMTP server can count each step per enduser.
 */
export const threeEmailJourney = async (sdk: Session, delays: [number, number] = [2, 2]) => {
  const senderId = sdk.userInfo.id;
  const journey = await sdk.api.journeys.createOne({ title: `Three emails ${Date.now()}` });
  let previous: string | undefined;
  for (const [index, delaySeconds] of [0, ...delays].entries()) {
    const template = await sdk.api.templates.createOne({ title: `Step ${index + 1}`, subject: `Step ${index + 1} for {{enduser.fname}}`, message: `Message ${index + 1}` });
    const event = previous
      ? { type: 'afterAction', info: { automationStepId: previous, delay: delaySeconds, unit: 'Seconds', delayInMS: delaySeconds * 1000 } }
      : { type: 'onJourneyStart', info: {} };
    const step = await sdk.api.automation_steps.createOne({ journeyId: journey.id, events: [event], action: { type: 'sendEmail', info: { templateId: template.id, senderId } } } as never);
    previous = step.id;
  }
  return journey;
};

/** Per enduser, the step subjects the SMTP server received that are not exactly one of each of the three. */
export const stepMismatches = (endusers: { fname?: string; email?: string }[], subjectsTo: (email: string) => string[]) =>
  endusers.flatMap((enduser) => {
    const subjects = subjectsTo(enduser.email!).sort();
    const expected = [1, 2, 3].map((n) => `Step ${n} for ${enduser.fname}`);
    return JSON.stringify(subjects) === JSON.stringify(expected) ? [] : [`${enduser.email}: ${JSON.stringify(subjects)}`];
  });
