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

  test("with a timezone, each week starts Monday midnight on that clock, and the answer lists every week's start", async () => {
    const { admin } = await freshTenant(api);
    const zone = 'Asia/Tokyo';
    const inZone = async () => {
      const response = await fetch(`${api.host}/v1/analytics-dashboard?timezone=${encodeURIComponent(zone)}`, { headers: { Authorization: `Bearer ${admin.authToken}` } });
      return (await response.json()) as Dashboard & { weekStarts: string[] };
    };
    const before = await inZone();
    expect(before.weekStarts).toHaveLength(8);
    const starts = before.weekStarts.map((start) => new Date(start));
    // Tokyo keeps no summer time: each start is 15:00 UTC on a Sunday, a week after the one before.
    for (const start of starts) expect([start.getUTCDay(), start.getUTCHours()]).toEqual([0, 15]);
    expect(starts.slice(1).map((start, index) => start.getTime() - starts[index]!.getTime())).toEqual(Array(7).fill(7 * DAY));
    expect(before.since).toBe(before.weekStarts[0]);
    const thisWeek = starts.at(-1)!;
    // A patient 30 minutes into this week on Tokyo's clock (the UTC week has not started yet for them).
    const patient = await admin.api.endusers.createOne({ fname: 'Early' } as never);
    await api.dataSource.getRepository('endusers').update({ _id: patient.id }, { createdAt: new Date(thisWeek.getTime() + 30 * 60_000) });
    expect((await inZone()).newPatients).toEqual([{ key: thisWeek.toISOString(), value: 1 }]);
    await expect(fetch(`${api.host}/v1/analytics-dashboard?timezone=Nowhere`, { headers: { Authorization: `Bearer ${admin.authToken}` } }).then((response) => response.status)).resolves.toBe(400);
  });

  test('is for Admins, as analytics queries are', async () => {
    const { admin } = await freshTenant(api);
    const staff = await createStaff(api, admin);
    expect(await dashboard(staff.session)).toMatchObject({ status: 403, body: { message: 'Admin access only' } });
  });
});
