import type { Session } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { createStaff } from '../identity/support';
import { DAY, seedDashboard, type Dashboard } from './dashboard-fixture';
import { freshTenant } from './support';

describe('GET /analytics-dashboard', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const dashboard = async (session: Session) => {
    const response = await fetch(`${api.host}/v1/analytics-dashboard`, { headers: { Authorization: `Bearer ${session.authToken}` } });
    return { status: response.status, body: (await response.json()) as Dashboard & { message?: string } };
  };

  test('counts the caller business only: patients and forms per week, appointments by status, messages by channel, patients per journey state', async () => {
    const { admin } = await freshTenant(api);
    const other = await freshTenant(api);
    for (const fname of ['Elsewhere', 'Elsewhere too']) await other.admin.api.endusers.createOne({ fname } as never);
    const { monday, journey } = await seedDashboard(api, admin, 'Onboarding');

    const { status, body } = await dashboard(admin);
    expect(status).toBe(200);
    expect(body.since).toBe(new Date(monday.getTime() - 7 * 7 * DAY).toISOString());
    expect(body.newPatients).toEqual([
      { key: new Date(monday.getTime() - 7 * DAY).toISOString(), value: 1 },
      { key: monday.toISOString(), value: 2 },
    ]);
    expect(body.appointments).toEqual([
      { key: 'Booked', value: 1 },
      { key: 'Cancelled', value: 1 },
      { key: 'Completed', value: 1 },
    ]);
    expect(body.formsCompleted).toEqual([{ key: monday.toISOString(), value: 1 }]);
    expect(body.messages).toEqual([
      { key: 'Email', value: 2 },
      { key: 'Text message', value: 1 },
      { key: 'Chat', value: 1 },
    ]);
    expect(body.journeyStates).toEqual([
      {
        journeyId: journey.id,
        title: 'Onboarding',
        states: [
          { key: 'New', value: 1 },
          { key: 'Active', value: 2 },
          { key: 'Done', value: 1 },
        ],
      },
    ]);
    expect((await dashboard(other.admin)).body.newPatients).toEqual([{ key: monday.toISOString(), value: 2 }]);
  });

  test('is for Admins, as analytics queries are', async () => {
    const { admin } = await freshTenant(api);
    const staff = await createStaff(api, admin);
    expect(await dashboard(staff.session)).toMatchObject({ status: 403, body: { message: 'Admin access only' } });
  });
});
