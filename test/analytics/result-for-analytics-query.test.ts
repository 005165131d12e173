import type { Session } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import type { Tenant } from '../support/tenant';
import { callWith, createEnduser, createStaff } from '../identity/support';
import { freshTenant, analytics, byKey, createSubOrganization, memberOf, setTimes, total } from './support';

describe('GET /result-for-analytics-query', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  const endusersWith = async (admin: Session, list: Record<string, unknown>[]) => {
    const created = [];
    for (const fields of list) created.push(await admin.api.endusers.createOne({ fname: 'Pat', ...fields } as never));
    return created;
  };

  test('totals count only the caller business, for every resource the spec names', async () => {
    const { admin } = await freshTenant(api);
    const other = await freshTenant(api);
    const [first, second] = await endusersWith(admin, [{ gender: 'Female' }, { gender: 'Male' }, {}]);
    await endusersWith(other.admin, [{}, {}, {}, {}, {}]);
    await admin.api.tickets.createOne({ title: 'Call back', enduserId: first.id });
    await admin.api.tickets.createOne({ title: 'Labs', enduserId: second.id });
    await other.admin.api.tickets.createOne({ title: 'Elsewhere' });
    await admin.api.calendar_events.createOne({ title: 'Visit', startTimeInMS: Date.now() + 86_400_000, durationInMinutes: 30, attendees: [{ type: 'enduser', id: first.id }] } as never);
    await admin.api.purchase_credits.createOne({ title: 'Credit', enduserId: first.id, value: { type: 'Credit', info: { amount: 10, currency: 'USD' } } } as never);
    await admin.api.purchases.createOne({ title: 'Visit', enduserId: second.id, cost: { amount: 500, currency: 'USD' }, processor: 'Stripe' } as never);

    expect(await analytics(admin, { query: total('Endusers') })).toEqual({ count: 3 });
    expect(await analytics(other.admin, { query: total('Endusers') })).toEqual({ count: 5 });
    expect(await analytics(admin, { query: total('Tickets') })).toEqual({ count: 2 });
    expect(await analytics(other.admin, { query: total('Tickets') })).toEqual({ count: 1 });
    expect(await analytics(admin, { query: total('Calendar Events') })).toEqual({ count: 1 });
    expect(await analytics(admin, { query: total('Form Responses') })).toEqual({ count: 0 });
    expect(await analytics(admin, { query: total('Purchases') })).toEqual({ count: 1 });
    expect(await analytics(admin, { query: total('Purchase Credits') })).toEqual({ count: 1 });
    expect(await analytics(other.admin, { query: total('Purchases') })).toEqual({ count: 0 });
    // Filters the server applies narrow the count; others are refused by name.
    expect(await analytics(admin, { query: total('Endusers', { filter: { gender: 'Female' } }) })).toEqual({ count: 1 });
    expect(await analytics(admin, { query: total('Tickets', { filter: { titles: ['Labs'] } }) })).toEqual({ count: 1 });
    await expect(analytics(admin, { query: total('Endusers', { filter: { born: { from: '2000-01-01' } } }) })).rejects.toMatchObject({
      message: 'Error parsing field query: filter born is not supported for Endusers',
    });
    await expect(analytics(admin, { query: total('Endusers', { filter: { gender: 'Robot' } }) })).rejects.toMatchObject({
      message: 'Error parsing field query: filter gender: Value must match one of Female, Male, Other, Unknown',
    });
  });

  test('createdRange and updatedRange narrow by createdAt and updatedAt; range answers one value per bucket (UTC, empty buckets left out)', async () => {
    const { admin } = await freshTenant(api);
    const patients = await endusersWith(admin, [{}, {}, {}, {}, {}]);
    const times = ['2024-01-01T10:00:00Z', '2024-01-01T23:59:00Z', '2024-01-03T00:30:00Z', '2024-02-15T12:00:00Z', '2025-06-01T00:00:00Z'];
    for (const [i, patient] of patients.entries()) await setTimes(api, 'endusers', patient.id, { createdAt: times[i], updatedAt: times[i] });
    await setTimes(api, 'endusers', patients[0].id, { updatedAt: '2024-03-10T00:00:00Z' });

    const createdRange = { from: new Date('2024-01-01T00:00:00Z'), to: new Date('2024-12-31T23:59:59Z') };
    expect(await analytics(admin, { query: total('Endusers'), createdRange })).toEqual({ count: 4 });
    expect(await analytics(admin, { query: total('Endusers'), updatedRange: { from: new Date('2024-03-01T00:00:00Z'), to: new Date('2024-04-01T00:00:00Z') } })).toEqual({
      count: 1,
    });
    expect(await analytics(admin, { query: total('Endusers'), createdRange: { from: new Date('2024-01-02T00:00:00Z') } })).toEqual({ count: 3 });

    const daily = await analytics(admin, { query: total('Endusers', { range: { interval: 'Daily', key: 'Created At' } }), createdRange });
    expect(daily).toEqual({
      values: [
        { timestamp: '2024-01-01T00:00:00.000Z', value: 2 },
        { timestamp: '2024-01-03T00:00:00.000Z', value: 1 },
        { timestamp: '2024-02-15T00:00:00.000Z', value: 1 },
      ],
    });
    // 2024-01-01 is a Monday: weeks start on Monday.
    const weekly = await analytics(admin, { query: total('Endusers', { range: { interval: 'Weekly', key: 'Created At' } }), createdRange });
    expect(weekly.values).toEqual([
      { timestamp: '2024-01-01T00:00:00.000Z', value: 3 },
      { timestamp: '2024-02-12T00:00:00.000Z', value: 1 },
    ]);
    const monthly = await analytics(admin, { query: total('Endusers', { range: { interval: 'Monthly', key: 'Created At' } }) });
    expect(monthly.values).toEqual([
      { timestamp: '2024-01-01T00:00:00.000Z', value: 3 },
      { timestamp: '2024-02-01T00:00:00.000Z', value: 1 },
      { timestamp: '2025-06-01T00:00:00.000Z', value: 1 },
    ]);
    const byUpdate = await analytics(admin, { query: total('Endusers', { range: { interval: 'Monthly', key: 'Updated At' } }), createdRange });
    expect(byUpdate.values).toEqual([
      { timestamp: '2024-01-01T00:00:00.000Z', value: 2 },
      { timestamp: '2024-02-01T00:00:00.000Z', value: 1 },
      { timestamp: '2024-03-01T00:00:00.000Z', value: 1 },
    ]);
  });

  test("with a timezone, days, weeks and months are the clock's: a patient at 5 PM in Los Angeles counts that day, not the next", async () => {
    const { admin } = await freshTenant(api);
    const patients = await endusersWith(admin, [{}, {}, {}]);
    // 5 PM and 11 PM on Jan 31 in Los Angeles (Feb 1 in UTC), and 9 AM on Feb 1 there.
    const times = ['2024-02-01T01:00:00Z', '2024-02-01T07:00:00Z', '2024-02-01T17:00:00Z'];
    for (const [i, patient] of patients.entries()) await setTimes(api, 'endusers', patient.id, { createdAt: times[i], updatedAt: times[i] });
    const range = (interval: string) => ({ query: total('Endusers', { range: { interval, key: 'Created At' } }) });

    expect(await analytics(admin, range('Daily'))).toEqual({ values: [{ timestamp: '2024-02-01T00:00:00.000Z', value: 3 }] });
    expect(await analytics(admin, { ...range('Daily'), timezone: 'America/Los_Angeles' })).toEqual({
      values: [
        { timestamp: '2024-01-31T08:00:00.000Z', value: 2 },
        { timestamp: '2024-02-01T08:00:00.000Z', value: 1 },
      ],
    });
    expect(await analytics(admin, { ...range('Monthly'), timezone: 'America/Los_Angeles' })).toEqual({
      values: [
        { timestamp: '2024-01-01T08:00:00.000Z', value: 2 },
        { timestamp: '2024-02-01T08:00:00.000Z', value: 1 },
      ],
    });
    // Weeks start Monday midnight there: Jan 29, 2024 was a Monday.
    expect(await analytics(admin, { ...range('Weekly'), timezone: 'America/Los_Angeles' })).toEqual({ values: [{ timestamp: '2024-01-29T08:00:00.000Z', value: 3 }] });
    await expect(analytics(admin, { ...range('Daily'), timezone: 'Mars/Olympus_Mons' })).rejects.toMatchObject({ message: 'Error parsing field timezone: Unknown time zone' });
  });

  test('grouping by gender, assigned to (and groupByCareTeam) and a field', async () => {
    const { admin } = await freshTenant(api);
    const nurse = await createStaff(api, admin);
    const doctor = await createStaff(api, admin);
    await endusersWith(admin, [
      { gender: 'Female', assignedTo: [nurse.user.id], state: 'CA', fields: { program: 'Diabetes' } },
      { gender: 'Female', assignedTo: [nurse.user.id, doctor.user.id], state: 'NY', fields: { program: 'Diabetes' } },
      { gender: 'Male', assignedTo: [doctor.user.id], state: 'CA', fields: { program: 'Weight' } },
      { state: 'CA' },
    ]);

    const gender = await analytics(admin, { query: total('Endusers', { grouping: { Gender: true } }) });
    expect(gender.values).toEqual([
      { key: 'Female', value: 2 },
      { key: 'Male', value: 1 },
      { key: 'None', value: 1 },
    ]);
    const assigned = await analytics(admin, { query: total('Endusers', { grouping: { 'Assigned To': true } }) });
    expect(byKey(assigned.values)).toEqual(
      byKey([
        { key: nurse.user.id, userId: nurse.user.id, value: 2 },
        { key: doctor.user.id, userId: doctor.user.id, value: 2 },
        { key: 'None', value: 1 },
      ]),
    );
    const careTeam = await analytics(admin, { query: total('Endusers'), groupByCareTeam: true });
    expect(byKey(careTeam.values)).toEqual(byKey(assigned.values));
    const program = await analytics(admin, { query: total('Endusers', { grouping: { Field: 'program' } }) });
    expect(program.values).toEqual([
      { key: 'Diabetes', value: 2 },
      { key: 'Weight', value: 1 },
      { key: 'None', value: 1 },
    ]);
    const state = await analytics(admin, { query: total('Endusers', { grouping: { Field: 'state' } }) });
    expect(state.values).toEqual([
      { key: 'CA', value: 3 },
      { key: 'NY', value: 1 },
    ]);
    await expect(analytics(admin, { query: total('Endusers', { grouping: { Gender: true, 'Assigned To': true } }) })).rejects.toMatchObject({
      message: 'Error parsing field query: group by one of Gender, Assigned To, Field at a time',
    });
    await expect(analytics(admin, { query: total('Endusers', { grouping: { Tags: true } }) })).rejects.toMatchObject({
      message: 'Error parsing field query: grouping by Tags is not supported (use one of Gender, Assigned To, Field)',
    });
  });

  test('other resources group through their enduser (enduserId, or enduser attendees for events), per bucket with a range', async () => {
    const { admin } = await freshTenant(api);
    const [female, male] = await endusersWith(admin, [{ gender: 'Female' }, { gender: 'Male' }]);
    const tickets = [
      await admin.api.tickets.createOne({ title: 'One', enduserId: female.id }),
      await admin.api.tickets.createOne({ title: 'Two', enduserId: female.id }),
      await admin.api.tickets.createOne({ title: 'Three', enduserId: male.id }),
      await admin.api.tickets.createOne({ title: 'Nobody' }),
    ];
    const days = ['2024-05-01T08:00:00Z', '2024-05-02T08:00:00Z', '2024-05-02T09:00:00Z', '2024-05-02T10:00:00Z'];
    for (const [i, ticket] of tickets.entries()) await setTimes(api, 'tickets', ticket.id, { createdAt: days[i] });

    const byGender = await analytics(admin, { query: total('Tickets', { grouping: { Gender: true } }) });
    expect(byGender.values).toEqual([
      { key: 'Female', value: 2 },
      { key: 'Male', value: 1 },
      { key: 'None', value: 1 },
    ]);
    const perDay = await analytics(admin, { query: total('Tickets', { grouping: { Gender: true }, range: { interval: 'Daily', key: 'Created At' } }) });
    expect(perDay.values).toEqual([
      { timestamp: '2024-05-01T00:00:00.000Z', key: 'Female', value: 1 },
      { timestamp: '2024-05-02T00:00:00.000Z', key: 'Female', value: 1 },
      { timestamp: '2024-05-02T00:00:00.000Z', key: 'Male', value: 1 },
      { timestamp: '2024-05-02T00:00:00.000Z', key: 'None', value: 1 },
    ]);

    const start = Date.now() + 86_400_000;
    await admin.api.calendar_events.createOne({ title: 'Pair', startTimeInMS: start, durationInMinutes: 30, attendees: [{ type: 'enduser', id: female.id }, { type: 'enduser', id: male.id }] } as never);
    await admin.api.calendar_events.createOne({ title: 'Solo', startTimeInMS: start, durationInMinutes: 30, attendees: [{ type: 'enduser', id: female.id }] } as never);
    await admin.api.calendar_events.createOne({ title: 'Staff only', startTimeInMS: start, durationInMinutes: 30, attendees: [] } as never);
    expect(await analytics(admin, { query: total('Calendar Events') })).toEqual({ count: 3 });
    const events = await analytics(admin, { query: total('Calendar Events', { grouping: { Gender: true } }) });
    // An event with two endusers counts once in each of their groups.
    expect(events.values).toEqual([
      { key: 'Female', value: 2 },
      { key: 'Male', value: 1 },
      { key: 'None', value: 1 },
    ]);
  });

  test('a sub-organization Admin counts only its scope; the root Admin counts the whole business', async () => {
    const { admin } = await freshTenant(api);
    const north = await createSubOrganization(admin, 'North');
    const northAdmin = await memberOf(api, admin, [north.id]);
    await endusersWith(admin, [{ gender: 'Female' }, { gender: 'Female' }]);
    const [northPatient] = await endusersWith(northAdmin.session, [{ gender: 'Male' }]);
    await admin.api.tickets.createOne({ title: 'Root ticket' });
    await northAdmin.session.api.tickets.createOne({ title: 'North ticket', enduserId: northPatient.id });

    expect(await analytics(admin, { query: total('Endusers') })).toEqual({ count: 3 });
    expect(await analytics(northAdmin.session, { query: total('Endusers') })).toEqual({ count: 1 });
    expect((await analytics(northAdmin.session, { query: total('Endusers', { grouping: { Gender: true } }) })).values).toEqual([{ key: 'Male', value: 1 }]);
    expect(await analytics(northAdmin.session, { query: total('Tickets') })).toEqual({ count: 1 });
  });

  test('grouped by a custom field, the counts follow every write (created, changed, cleared, moved, shared, many at once, deleted) and each Admin its scope', async () => {
    const { tenant, admin } = await freshTenant(api);
    const north = await createSubOrganization(admin, 'North');
    const south = await createSubOrganization(admin, 'South');
    const northAdmin = await memberOf(api, admin, [north.id]);
    const plans = (session: Session) => analytics(session, { query: total('Endusers', { grouping: { Field: 'plan' } }) }).then((answer) => answer.values);
    // What counting the patients themselves gives, for the root Admin (every patient of the business).
    const counted = async () =>
      ((await api.dataSource.query(
        `SELECT fields->>'plan' AS key, count(*)::int AS value FROM endusers WHERE "businessId" = $1 GROUP BY 1 ORDER BY 2 DESC, 1 ASC NULLS LAST`,
        [tenant.businessId],
      )) as { key: string | null; value: number }[]).map((row) => ({ key: row.key ?? 'None', value: row.value }));

    const [gold, silver] = await endusersWith(admin, [{ fields: { plan: 'Gold' } }, { fields: { plan: 'Silver', age: 40 } }, { fields: { plan: 'Gold' } }, {}]);
    const [northGold] = await endusersWith(northAdmin.session, [{ fields: { plan: 'Gold' } }, { fields: { plan: 'Bronze' } }]);
    expect(await plans(admin)).toEqual([{ key: 'Gold', value: 3 }, { key: 'Bronze', value: 1 }, { key: 'Silver', value: 1 }, { key: 'None', value: 1 }]);
    expect(await plans(admin)).toEqual(await counted());
    expect(await plans(northAdmin.session)).toEqual([{ key: 'Bronze', value: 1 }, { key: 'Gold', value: 1 }]);

    // A value changed, a field cleared, a sign-in's lastActive (no change to count), a patient moved south, one shared north.
    await admin.api.endusers.updateOne(gold.id, { fields: { plan: 'Platinum' } }, { replaceObjectFields: true });
    await admin.api.endusers.updateOne(silver.id, { fields: { age: 41 } }, { replaceObjectFields: true });
    await api.dataSource.query(`UPDATE endusers SET "lastActive" = now() WHERE "businessId" = $1`, [tenant.businessId]);
    await api.dataSource.getRepository('endusers').update({ _id: northGold.id }, { organizationIds: [south.id] });
    await admin.api.endusers.updateOne(gold.id, { sharedWithOrganizations: [[north.id]] } as never);
    expect(await plans(admin)).toEqual(await counted());
    expect(await plans(admin)).toEqual([{ key: 'Gold', value: 2 }, { key: 'None', value: 2 }, { key: 'Bronze', value: 1 }, { key: 'Platinum', value: 1 }]);
    expect(await plans(northAdmin.session)).toEqual([{ key: 'Bronze', value: 1 }, { key: 'Platinum', value: 1 }]);

    // Many at once (one statement), then a delete.
    await admin.api.endusers.createSome(Array.from({ length: 30 }, (_, n) => ({ fname: `Bulk ${n}`, fields: { plan: n % 3 ? 'Gold' : 'Silver' } })) as never);
    await admin.api.endusers.deleteOne(silver.id);
    expect(await plans(admin)).toEqual(await counted());
    expect((await plans(admin))?.[0]).toEqual({ key: 'Gold', value: 22 });
    // Those answers come from the counters PostgreSQL keeps, not from reading the patients.
    const [stored] = await api.dataSource.query(`SELECT sum(count)::int AS n FROM enduser_field_counts WHERE "businessId" = $1 AND field = 'plan' AND value = 'Gold'`, [tenant.businessId]);
    expect(stored.n).toBe(22);
  });

  test('Admin only: non-admin staff get Admin access only, endusers are refused, anonymous callers are unauthenticated', async () => {
    const { tenant, admin } = await freshTenant(api);
    const staff = await createStaff(api, admin);
    await expect(analytics(staff.session, { query: total('Endusers') })).rejects.toMatchObject({ message: 'Admin access only' });
    const patient = await createEnduser(api.host, admin, tenant as Tenant);
    const path = `/v1/result-for-analytics-query?query=${encodeURIComponent(JSON.stringify(total('Endusers')))}`;
    expect(await callWith(api.host, `Bearer ${patient.session.authToken}`, path)).toMatchObject({ status: 403, body: { message: 'You do not have access to this resource' } });
    expect(await callWith(api.host, 'Bearer ', path)).toEqual({ status: 401, body: 'Unauthenticated' });
  });

  test('bad input is a 400 with the reference wording', async () => {
    const { admin } = await freshTenant(api);
    await expect(analytics(admin, {})).rejects.toMatchObject({ message: 'Value not provided for required field: query' });
    await expect(analytics(admin, { query: total('Meetings') })).rejects.toMatchObject({
      message: 'Error parsing field query: Value must match one of Endusers, Calendar Events, Form Responses, Purchases, Purchase Credits, Tickets',
    });
    await expect(analytics(admin, { query: { resource: 'Endusers', info: { method: 'Sum of Field', parameters: { field: 'age' } } } })).rejects.toMatchObject({
      message: 'Error parsing field query: method Sum of Field is not supported for Endusers (use Total)',
    });
    await expect(analytics(admin, { query: { resource: 'Endusers', info: { method: 'Average' } } })).rejects.toMatchObject({
      message: 'Error parsing field query: Value must match one of Total, Sum of Field',
    });
    await expect(analytics(admin, { query: total('Endusers', { range: { interval: 'Hourly', key: 'Created At' } }) })).rejects.toMatchObject({
      message: 'Error parsing field query: Value must match one of Daily, Weekly, Monthly',
    });
    await expect(analytics(admin, { query: total('Endusers', { range: { interval: 'Daily', key: 'Closed At' } }) })).rejects.toMatchObject({
      message: 'Error parsing field query: range key Closed At applies to Tickets only',
    });
    await expect(analytics(admin, { query: total('Endusers'), createdRange: { from: 'yesterday' } })).rejects.toMatchObject({
      message: 'Error parsing field createdRange: Invalid date',
    });
    const raw = await callWith(api.host, `Bearer ${admin.authToken}`, '/v1/result-for-analytics-query?query=not-json');
    expect(raw).toMatchObject({ status: 400, body: { message: 'Error parsing field query: Expecting an object but got not-json' } });
  });
});
