import { createStaff } from '../identity/support';
import { useTenantSuite } from '../identity/tenant-suite';
import { adminSession, createTenant } from '../support/tenant';

const REFUSED = { message: 'The development mailbox is open to an Admin of the business, or on this machine' };
type Kept = { to: string; text: string };

/**
 * Issue 12 (Medium): /dev/mailbox answered anyone, with invitation codes and password-reset links,
 * while the api listens on every interface. Open only on this machine (not through a proxy) or to an
 * Admin session of that business, which sees its own business's messages only.
 */
describe('the development mailbox', () => {
  const suite = useTenantSuite();

  test('a request relayed from elsewhere or made by non-admin staff is refused; an Admin sees only its business', async () => {
    const { api, admin } = suite;
    const patient = await admin.api.endusers.createOne({ fname: 'Pat', phone: '+14155550199' } as never);
    await admin.api.sms_messages.createOne({ enduserId: patient.id, message: 'Your code is 123456' } as never);
    const read = async (headers: Record<string, string>) => {
      const response = await fetch(`${api.host}/dev/mailbox?format=json`, { headers });
      return { status: response.status, body: (await response.json()) as Kept[] | { message: string } };
    };
    const remote = await read({ 'X-Forwarded-For': '203.0.113.9' });
    expect(remote).toEqual({ status: 403, body: REFUSED });
    expect(JSON.stringify(remote.body)).not.toContain('123456');
    expect(await read({ Forwarded: 'for=203.0.113.9' })).toEqual({ status: 403, body: REFUSED });

    const staff = await createStaff(api, admin);
    expect(await read({ 'X-Forwarded-For': '203.0.113.9', Authorization: `Bearer ${staff.session.authToken}` })).toEqual({ status: 403, body: REFUSED });

    const own = await read({ 'X-Forwarded-For': '203.0.113.9', Authorization: `Bearer ${admin.authToken}` });
    expect(own.status).toBe(200);
    expect((own.body as Kept[]).map((m) => m.text)).toContain('Your code is 123456');

    const elsewhere = await adminSession(api.host, await createTenant(api.dataSource));
    const other = await read({ 'X-Forwarded-For': '203.0.113.9', Authorization: `Bearer ${elsewhere.authToken}` });
    expect(other.status).toBe(200);
    expect(JSON.stringify(other.body)).not.toContain('123456');

    // On this machine, without a proxy in between, it stays open (development and the suites).
    const local = await read({});
    expect(local.status).toBe(200);
  });
});
