import { EnduserSession, type Session } from '@tellescope/sdk';
import type { Tenant } from '../support/tenant';
import type { SmtpCapture } from '../support/smtp-server';
import { mailbox, PORTAL_URL, uniqueEmail, uniquePhone, type MessagingApi, useMailingSuite } from './support';

describe('unsubscribe: every email carries a working link, and an unsubscribed enduser receives nothing more on that channel', () => {
  const suite = useMailingSuite();
  let smtp: SmtpCapture;
  let api: MessagingApi;
  let tenant: Tenant;
  let sdk: Session;
  beforeAll(() => ({ smtp, api, tenant, sdk } = suite));

  /** What the portal's /unsubscribe page does with the link's query (docs/contract/portal.md#unsubscribe): a public call. */
  const followUnsubscribeLink = async (link: string) => {
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${PORTAL_URL}/unsubscribe`);
    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await portal.api.endusers.unsubscribe({ enduserId: url.searchParams.get('enduserId')!, unsubscribeFrom: [url.searchParams.get('type')!] });
  };

  test('after following the link in a received email, the next email is recorded as skipped and never sent; SMS still goes out', async () => {
    const address = uniqueEmail('unsub');
    const phone = uniquePhone();
    const enduser = await sdk.api.endusers.createOne({ email: address, phone });
    await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Newsletter', textContent: 'Spring news.' });
    const received = await smtp.waitFor(address);
    const link = received.text.match(/https?:\/\/\S+\/unsubscribe\?\S+/)?.[0];
    expect(link).toBe(`${PORTAL_URL}/unsubscribe?enduserId=${enduser.id}&type=email`);

    await followUnsubscribeLink(link!);

    const skipped = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Second newsletter', textContent: 'Summer news.' });
    expect(skipped).toMatchObject({ delivered: false, deliveryStatus: 'skipped', deliveryNote: 'Unsubscribed from email' });
    expect(skipped.messageId).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.to(address).map((m) => m.subject)).toEqual(['Newsletter']);

    const sms = await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Text still works.' });
    expect(sms).toMatchObject({ delivered: true, deliveryStatus: 'sent' });
    expect(await mailbox(api.host, phone, sdk)).toHaveLength(1);
  });

  test('unsubscribed from SMS: the text is recorded as skipped and nothing is recorded by the channel', async () => {
    const phone = uniquePhone();
    const enduser = await sdk.api.endusers.createOne({ phone });
    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    await portal.api.endusers.unsubscribe({ enduserId: enduser.id, unsubscribeFrom: ['sms'] });
    const sms = await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Reminder' });
    expect(sms).toMatchObject({ delivered: false, deliveryStatus: 'skipped', deliveryNote: 'Unsubscribed from SMS' });
    expect(await mailbox(api.host, phone, sdk)).toHaveLength(0);
  });
  test('marketing emails (isMarketing) are refused for an enduser who unsubscribed from marketing, logOnly and in bulk too; other emails still go', async () => {
    const address = uniqueEmail('marketing');
    const enduser = await sdk.api.endusers.createOne({ email: address });
    // The reference client's emails may have an empty subject and text.
    await expect(sdk.api.emails.createOne({ logOnly: true, subject: '', enduserId: enduser.id, textContent: '', HTMLContent: '' })).resolves.toMatchObject({ subject: '' });
    const first = await sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Offer', textContent: 'An offer.', isMarketing: true } as never);
    expect(first).toMatchObject({ deliveryStatus: 'sent', isMarketing: true });
    await smtp.waitFor(address);

    await sdk.GET('/v1/unsubscribe', { enduserId: enduser.id });
    expect((await sdk.api.endusers.getOne(enduser.id)).unsubscribedFromMarketing).toBe(true);
    const refused = { message: 'Unsubscribed from marketing' };
    await expect(sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Offer 2', textContent: 'Another.', isMarketing: true } as never)).rejects.toMatchObject(refused);
    await expect(sdk.api.emails.createOne({ logOnly: true, enduserId: enduser.id, subject: 'Offer 3', textContent: 'Logged.', isMarketing: true } as never)).rejects.toMatchObject(refused);
    await expect(sdk.api.emails.createSome([{ enduserId: enduser.id, subject: 'Offer 4', textContent: 'Bulk.', isMarketing: true }] as never)).rejects.toMatchObject(refused);
    expect((await sdk.api.emails.getSome({ filter: { enduserId: enduser.id } })).map((e) => e.subject).sort()).toEqual(['', 'Offer']);

    await expect(sdk.api.emails.createOne({ enduserId: enduser.id, subject: 'Your results', textContent: 'Care email.' })).resolves.toMatchObject({ deliveryStatus: 'sent' });
    expect((await smtp.waitFor(address, { index: 1 })).subject).toBe('Your results');
  });
});
