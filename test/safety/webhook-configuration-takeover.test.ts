import { useTenantSuite } from '../identity/tenant-suite';
import { createStaff } from '../identity/support';
import { subOrganizationAdmin } from './support';

const SECRET = 'a-long-random-webhook-secret';
type WebhookCalls = {
  configure: (input: object) => Promise<unknown>;
  update: (input: object) => Promise<unknown>;
  get_configuration: (input: object) => Promise<unknown>;
  send_automation_webhook: (input: object) => Promise<unknown>;
};
const webhookCalls = (session: { api: { webhooks: unknown } }) => session.api.webhooks as WebhookCalls;

/**
 * Issue 12 (High): a sub-organization Admin took over the business-wide webhook by creating a
 * webhooks record through the generic calls (the newest record won), then received the root's patient
 * records. The configuration is one per business, written by root Admins through the named calls.
 */
describe('webhook configuration: one per business, root Admins only', () => {
  const suite = useTenantSuite();

  test('the generic create is refused for everyone, a root Admin included; nothing is stored', async () => {
    const { api, admin, tenant } = suite;
    const branch = await subOrganizationAdmin(api, admin);
    const refusals: [typeof admin, string][] = [
      [admin, 'Webhooks are configured with POST /v1/configure-webhooks'],
      [branch.session, 'Only the root organization admin can do this'],
    ];
    for (const [session, message] of refusals) {
      await expect(session.api.webhooks.createOne({ url: 'https://attacker.example.com/hook', secret: SECRET } as never)).rejects.toMatchObject({ message });
      await expect(session.api.webhooks.createSome([{ url: 'https://attacker.example.com/hook', secret: SECRET }] as never)).rejects.toMatchObject({ message });
    }
    expect(await api.dataSource.getRepository('webhooks').countBy({ businessId: tenant.businessId })).toBe(0);
  });

  test("a sub-organization Admin can neither configure, change, read nor use the root's configuration", async () => {
    const { api, admin } = suite;
    await webhookCalls(admin).configure({ url: 'https://root.example.com/hook', secret: SECRET });
    const branch = await subOrganizationAdmin(api, admin);
    const rootOnly = { message: 'Only the root organization admin can do this' };
    await expect(webhookCalls(branch.session).configure({ url: 'https://attacker.example.com/hook', secret: SECRET })).rejects.toMatchObject(rootOnly);
    await expect(webhookCalls(branch.session).update({ url: 'https://attacker.example.com/hook' })).rejects.toMatchObject(rootOnly);
    await expect(webhookCalls(branch.session).get_configuration({})).rejects.toMatchObject(rootOnly);
    await expect(webhookCalls(branch.session).send_automation_webhook({ message: 'signed by the platform' })).rejects.toMatchObject(rootOnly);
    expect(await webhookCalls(admin).get_configuration({})).toEqual({ url: 'https://root.example.com/hook', subscriptions: {} });
  });

  test('send-automation-webhook is refused to non-admin staff (it signs with the business secret)', async () => {
    const { api, admin } = suite;
    await webhookCalls(admin).configure({ url: 'https://root.example.com/hook', secret: SECRET });
    const staff = await createStaff(api, admin);
    await expect(webhookCalls(staff.session).send_automation_webhook({ message: 'signed by the platform' })).rejects.toMatchObject({ message: 'Admin access only' });
    await expect(webhookCalls(staff.session).get_configuration({})).rejects.toMatchObject({ message: 'Admin access only' });
  });
});
