import { ApplicationFailure } from '@temporalio/common';
import { deliverWebhook, isNonPublicAddress, signWebhook } from '@carelane/activities/automation-webhook';
import { renderTemplate } from '@carelane/activities/automation-template';
import { delayInMs, enduserMatches, journeyConditionsMet } from '@carelane/automation';
import { triggerEventsFor } from '@carelane/api/automation/trigger-events';
import { startWebhookReceiver } from './support';

describe('automation rules (pure)', () => {
  test('delays: delay and unit win, delayInMS is the fallback', () => {
    expect(delayInMs({ delay: 3, unit: 'Days', delayInMS: 5 })).toBe(3 * 86_400_000);
    expect(delayInMs({ delay: 90, unit: 'Seconds' })).toBe(90_000);
    expect(delayInMs({ delay: 2, unit: 'Hours' })).toBe(7_200_000);
    expect(delayInMs({ delayInMS: 1500 })).toBe(1500);
    expect(delayInMs(undefined)).toBe(0);
  });

  test('enduser conditions on fields and tags (compound filter)', () => {
    const enduser = { fname: 'Pat', state: 'CA', tags: ['vip', 'new'], fields: { Plan: 'Gold', Score: 7, Renewal: { value: 'Yes' } } };
    expect(enduserMatches(enduser, undefined)).toBe(true);
    expect(enduserMatches(enduser, {})).toBe(true);
    expect(enduserMatches(enduser, { condition: { tags: 'vip' } })).toBe(true);
    expect(enduserMatches(enduser, { condition: { tags: { $doesNotContain: 'vip' } } })).toBe(false);
    expect(enduserMatches(enduser, { condition: { state: 'ca', Plan: 'Gold' } })).toBe(true);
    expect(enduserMatches(enduser, { condition: { Score: { $gt: 5 } } })).toBe(true);
    expect(enduserMatches(enduser, { condition: { Score: { $lt: 5 } } })).toBe(false);
    expect(enduserMatches(enduser, { condition: { Renewal: 'Yes', email: { $exists: false } } })).toBe(true);
    expect(enduserMatches(enduser, { $or: [{ condition: { state: 'NY' } }, { condition: { tags: 'new' } }] })).toBe(true);
    expect(enduserMatches(enduser, { $and: [{ condition: { state: 'CA' } }, { condition: { Plan: 'Silver' } }] })).toBe(false);
  });

  test('atJourneyState conditions read the journeys map', () => {
    const journeyId = 'a'.repeat(24);
    const conditions = [{ type: 'atJourneyState', info: { journeyId, state: 'Engaged' } }];
    expect(journeyConditionsMet(conditions, { [journeyId]: 'Engaged' })).toBe(true);
    expect(journeyConditionsMet(conditions, { [journeyId]: 'New' })).toBe(false);
    expect(journeyConditionsMet([], {})).toBe(true);
  });

  test('templates render enduser, custom fields and sender, escaping HTML', () => {
    const context = { enduser: { fname: 'Pat', fields: { Plan: 'Gold' } }, sender: { fname: 'Sam' }, organization: { name: 'Clinic' } };
    expect(renderTemplate('Hi {{enduser.fname}} ({{ enduser.Plan }}) from {{sender.fname}} at {{organization.name}}{{unknown.x}}', context)).toBe(
      'Hi Pat (Gold) from Sam at Clinic'
    );
    expect(renderTemplate('<b>{{enduser.fname}}</b>', { enduser: { fname: '<script>' } }, { html: true })).toBe('<b>&lt;script&gt;</b>');
  });

  test('trigger events: a form submitted, a field now equal (tags added), an appointment cancelled', () => {
    const formId = 'f'.repeat(24);
    const submitted = triggerEventsFor({
      kind: 'updated',
      resource: 'form_responses',
      businessId: 'b',
      record: { _id: 'r', formId, enduserId: 'e', submittedBy: 'e', submittedAt: new Date() },
      changes: { submittedAt: new Date() },
      previous: { submittedAt: null },
    });
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({ type: 'Form Submitted', enduserId: 'e', sourceId: 'r' });
    expect(submitted[0].matches({ formId })).toBe(true);
    expect(submitted[0].matches({ formId: 'x' })).toBe(false);
    expect(submitted[0].matches({ formId, submitterType: 'user' })).toBe(false);

    const tagged = triggerEventsFor({
      kind: 'updated',
      resource: 'endusers',
      businessId: 'b',
      record: { _id: 'e', tags: ['vip'] },
      changes: { tags: ['vip'] },
      previous: { tags: [] },
    });
    const fieldEquals = tagged.find((firing) => firing.type === 'Field Equals')!;
    expect(fieldEquals.matches({ field: 'tags', value: 'vip' })).toBe(true);
    const again = triggerEventsFor({
      kind: 'updated',
      resource: 'endusers',
      businessId: 'b',
      record: { _id: 'e', tags: ['vip'], fname: 'x' },
      changes: { fname: 'x' },
      previous: { tags: ['vip'] },
    });
    expect(again.find((firing) => firing.type === 'Field Equals')!.matches({ field: 'tags', value: 'vip' })).toBe(false);

    const cancelled = triggerEventsFor({
      kind: 'updated',
      resource: 'calendar_events',
      businessId: 'b',
      record: {
        _id: 'c',
        title: 'Visit',
        attendees: [
          { type: 'enduser', id: 'e1' },
          { type: 'user', id: 'u' },
        ],
        cancelledAt: new Date(),
      },
      changes: { cancelledAt: new Date() },
      previous: {},
    });
    expect(cancelled.map((firing) => [firing.type, firing.enduserId])).toEqual([['Appointment Cancelled', 'e1']]);
    expect(cancelled[0].matches({ titles: ['Other'] })).toBe(false);
  });
});

describe('automation webhooks', () => {
  test('loopback, private, link-local and unspecified addresses are non-public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ]) {
      expect([address, isNonPublicAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect([address, isNonPublicAddress(address)]).toEqual([address, false]);
  });

  test('a delivery is signed over timestamp and body; loopback is refused unless allowed', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const target = { url: receiver.url, secret: 'secret-of-more-than-15' };
      await expect(deliverWebhook(target, { a: 1 }, { deliveryId: 'd1' })).rejects.toMatchObject({ type: 'AutomationError', nonRetryable: true });
      await expect(deliverWebhook({ ...target, url: receiver.url.replace('127.0.0.1', 'localhost') }, { a: 1 }, { deliveryId: 'd1' })).rejects.toBeInstanceOf(
        ApplicationFailure
      );
      expect(receiver.received).toHaveLength(0);

      await expect(deliverWebhook(target, { a: 1 }, { deliveryId: 'd2', allowPrivateTargets: true })).resolves.toEqual({ status: 200 });
      const [delivery] = receiver.received;
      expect(delivery.body).toBe('{"a":1}');
      expect(delivery.headers['x-carelane-delivery-id']).toBe('d2');
      expect(delivery.headers['x-carelane-signature']).toBe(signWebhook(target.secret, delivery.headers['x-carelane-timestamp'] as string, delivery.body));
    } finally {
      await receiver.stop();
    }
  });

  test('a 4xx answer is final, a 5xx answer is retried by Temporal', async () => {
    const rejecting = await startWebhookReceiver(400);
    const failing = await startWebhookReceiver(503);
    try {
      await expect(deliverWebhook({ url: rejecting.url, secret: 's' }, {}, { deliveryId: 'x', allowPrivateTargets: true })).rejects.toMatchObject({
        type: 'AutomationError',
      });
      await expect(deliverWebhook({ url: failing.url, secret: 's' }, {}, { deliveryId: 'x', allowPrivateTargets: true })).rejects.toMatchObject({
        retryable: true,
      });
    } finally {
      await rejecting.stop();
      await failing.stop();
    }
  });
});
