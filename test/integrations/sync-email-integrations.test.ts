import { startApi, type RunningApi } from '../support/api-server';
import { freshTenant } from '../analytics/support';
import { callWith } from '../identity/support';

describe('POST /sync-email-integrations', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api?.stop();
  });

  test('without a connected mailbox the reference client gets no new emails', async () => {
    const { admin } = await freshTenant(api);
    const answer = await admin.api.emails.sync_integrations({ enduserEmail: 'patient@example.com', allUsers: true });
    expect(answer).toEqual({ newEmails: [] });
  });

  test('a missing or invalid enduserEmail is refused', async () => {
    const { admin } = await freshTenant(api);
    const missing = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/sync-email-integrations', { method: 'POST', body: '{}' });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Value not provided for required field: enduserEmail' } });
    const invalid = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/sync-email-integrations', { method: 'POST', body: JSON.stringify({ enduserEmail: 'nope' }) });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { message: string }).message).toMatch(/^Error parsing field enduserEmail: /);
  });
});
