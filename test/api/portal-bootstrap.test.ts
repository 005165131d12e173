import { startApi, type RunningApi } from '../support/api-server';
import { adminSession, createTenant } from '../support/tenant';

type Session = Awaited<ReturnType<typeof adminSession>>;
type Answer = Record<string, { id: string }[] | null | Record<string, unknown>>;

/**
 * GET /v1/portal-bootstrap (the portal's one call for its shell and Home, issue 13): each part is
 * the enduser's own list read, so an enduser gets their own records and the organization's shared
 * settings, never another enduser's, and another organization's enduser gets none of them.
 */
describe('portal-bootstrap answers only what the enduser may read', () => {
  let api: RunningApi;
  let admin: Session;
  let otherAdmin: Session;

  beforeAll(async () => {
    api = await startApi();
    admin = await adminSession(api.host, await createTenant(api.dataSource));
    otherAdmin = await adminSession(api.host, await createTenant(api.dataSource));
  });
  afterAll(() => api.stop());

  const bootstrap = async (authToken: string, home = true) => {
    const response = await fetch(`${api.host}/v1/portal-bootstrap${home ? '?home=true' : ''}`, { headers: { Authorization: `Bearer ${authToken}` } });
    return { status: response.status, body: (await response.json()) as Answer };
  };
  const tokenOf = async (session: Session, id: string) => (await session.api.endusers.generate_auth_token({ id })).authToken;
  const ids = (part: Answer[string]) => (Array.isArray(part) ? part.map((record) => record.id).sort() : part);

  /** An enduser with one record of each kind Home and the shell read. */
  const patientWithRecords = async (session: Session, name: string) => {
    const enduser = await session.api.endusers.createOne({ fname: name, lname: 'Patient' });
    const event = await session.api.calendar_events.createOne({ title: `${name} visit`, startTimeInMS: Date.now() + 86_400_000, durationInMinutes: 30, attendees: [{ type: 'enduser', id: enduser.id }] });
    const form = await session.api.forms.createOne({ title: `${name} intake` });
    const { response } = await session.api.form_responses.prepare_form_response({ formId: form.id, enduserId: enduser.id });
    const room = await session.api.chat_rooms.createOne({ title: `${name} room`, type: 'external', enduserIds: [enduser.id] });
    const carePlan = await session.api.care_plans.createOne({ title: `${name} plan`, enduserId: enduser.id } as never);
    return { enduser, event, response, room, carePlan, token: await tokenOf(session, enduser.id) };
  };

  test('an enduser sees their own records and the organization’s page settings, as their own list calls answer them', async () => {
    const setting = await admin.api.portal_customizations.createOne({ page: 'Documents', title: 'My Files', blocks: [] } as never);
    const me = await patientWithRecords(admin, 'Ann');
    const other = await patientWithRecords(admin, 'Ben');

    const { status, body } = await bootstrap(me.token);
    expect(status).toBe(200);
    expect(body.enduser).toMatchObject({ id: me.enduser.id, fname: 'Ann' });
    expect(ids(body.portalCustomizations)).toEqual([setting.id]);
    expect(ids(body.events)).toEqual([me.event.id]);
    expect(ids(body.outstandingForms)).toEqual([me.response.id]);
    expect(ids(body.chatRooms)).toEqual([me.room.id]);
    expect(ids(body.carePlans)).toEqual([me.carePlan.id]);
    // The same records, field for field, as the generic list call gives the same enduser.
    const rooms = await fetch(`${api.host}/v1/chat-rooms?limit=500`, { headers: { Authorization: `Bearer ${me.token}` } }).then((r) => r.json());
    expect(body.chatRooms).toEqual(rooms);

    // The other enduser of the organization sees their own, not Ann's.
    const theirs = (await bootstrap(other.token)).body;
    expect(ids(theirs.events)).toEqual([other.event.id]);
    expect(ids(theirs.outstandingForms)).toEqual([other.response.id]);
    expect(ids(theirs.chatRooms)).toEqual([other.room.id]);
    expect(ids(theirs.carePlans)).toEqual([other.carePlan.id]);

    // Without home, Home's parts are not read.
    const shellOnly = (await bootstrap(me.token, false)).body;
    expect(shellOnly.events).toBeUndefined();
    expect(shellOnly.outstandingForms).toBeUndefined();
  });

  test('an enduser of another organization gets nothing of this one', async () => {
    const setting = await admin.api.portal_customizations.createOne({ page: 'Education', title: 'Learn', blocks: [] } as never);
    const here = await patientWithRecords(admin, 'Cat');
    const stranger = await otherAdmin.api.endusers.createOne({ fname: 'Dan', lname: 'Elsewhere' });
    const { status, body } = await bootstrap(await tokenOf(otherAdmin, stranger.id));
    expect(status).toBe(200);
    expect(body.enduser).toMatchObject({ id: stranger.id });
    for (const part of ['portalCustomizations', 'events', 'outstandingForms', 'chatRooms', 'carePlans', 'selfSchedulingTemplates', 'liveMeetings'] as const) {
      expect(body[part]).toEqual([]);
    }
    expect(JSON.stringify(body)).not.toContain(setting.id);
    expect(JSON.stringify(body)).not.toContain(here.enduser.id);
  });

  test('staff and anonymous callers are refused', async () => {
    const staff = await fetch(`${api.host}/v1/portal-bootstrap`, { headers: { Authorization: `Bearer ${admin.authToken}` } });
    expect(staff.status).toBe(403);
    const anonymous = await fetch(`${api.host}/v1/portal-bootstrap`);
    expect(anonymous.status).toBe(401);
  });
});
