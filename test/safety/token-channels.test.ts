import { EnduserSession, Session } from '@tellescope/sdk';
import { useMailingTenant } from '../identity/tenant-suite';
import { callWith, uniqueEmail } from '../identity/support';
import { availability } from '../calendar/support';
import { connectGraphqlWs, eventually, itemsOf, openClientSocket, sleep, subscribeGraphqlWs } from '../realtime/support';

const idOf = (item: unknown) => (item as { id?: string }).id;

/** One kind of token, obtained as its holder obtains it, and what it must open (api/src/auth/token-kinds.ts). */
interface KindCase {
  kind: string;
  /** The token, and the Authorization header it travels in. */
  credential: () => Promise<{ token: string; authorization: string }>;
  /** Which reference client its holder uses. */
  client: 'staff' | 'enduser';
  /** Whether socket.io and graphql-ws accept it. */
  opensSockets: boolean;
  /** A call it may not make, and what that answers. */
  refused: { path: () => string; status: number };
  /** A call it may make, with what its holder sees. Last: a login link is spent by it. */
  allowed: (token: string, authorization: string) => Promise<void>;
}

/**
 * Every kind of token tried on every channel: HTTP (a call it opens, one it does not), socket.io and
 * graphql-ws. The patient's own record changing is the live update at stake: a public booking or form
 * session is handed to whoever knows the patient's email, so neither may open the patient's live feed.
 */
describe('every kind of token opens the channels and calls it declares, and no others', () => {
  const suite = useMailingTenant();
  let patient: { id: string; email: string };
  let templateId: string;
  let formId: string;
  /** The public form session's response, set when its token is obtained. */
  let accessCode = '';
  const sockets: { disconnect(): unknown }[] = [];
  const clients: { dispose(): unknown }[] = [];

  beforeAll(async () => {
    const { admin } = suite;
    // No password: the kind of patient a login link is mailed to.
    const created = await admin.api.endusers.createOne({ email: uniqueEmail('patient'), fname: 'Pat' });
    patient = { id: created.id, email: created.email! };
    const template = await admin.api.calendar_event_templates.createOne({ title: 'Consultation', durationInMinutes: 30, enableSelfScheduling: true } as never);
    templateId = template.id;
    const form = await admin.api.forms.createOne({ title: 'Public intake', allowPublicURL: true } as never);
    formId = form.id;
    await admin.api.form_fields.createOne({ formId, title: 'Reason for visit', type: 'string', previousFields: [{ type: 'root', info: {} }] } as never);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(clients.map((client) => client.dispose()));
  });

  const anonymous = () => new EnduserSession({ host: suite.api.host, businessId: suite.tenant.businessId });
  const bearer = (token: string) => ({ token, authorization: `Bearer ${token}` });

  /**
   * Opens socket.io (the reference client's own socket) and a graphql-ws subscription to endusers'
   * updates with the token, then staff edit the patient: what each channel let through.
   */
  const listen = async (session: Session | EnduserSession) => {
    const { api, admin } = suite;
    const socketIo = await openClientSocket(session).then(
      (opened) => {
        sockets.push(opened.socket);
        return opened;
      },
      (error: Error) => {
        (session as unknown as { socket?: { disconnect(): unknown } }).socket?.disconnect();
        return error;
      },
    );
    const graphql = connectGraphqlWs(api, session.authToken);
    clients.push(graphql.client);
    const updates = await subscribeGraphqlWs(api, graphql.client, 'subscription { updated(model: "endusers") }');
    await admin.api.endusers.updateOne(patient.id, { fname: `Pat${Date.now() % 1000}` });
    return { socketIo, graphql, updates };
  };

  const CASES: KindCase[] = [
    {
      kind: 'staff session',
      credential: async () => bearer(suite.admin.authToken),
      client: 'staff',
      opensSockets: true,
      refused: { path: () => '/v1/enduser-session-info', status: 403 },
      allowed: async (_token, authorization) => {
        expect(await callWith(suite.api.host, authorization, `/v1/enduser/${patient.id}`)).toMatchObject({ status: 200, body: { id: patient.id } });
      },
    },
    {
      kind: 'enduser session',
      credential: async () => bearer((await suite.admin.api.endusers.generate_auth_token({ id: patient.id })).authToken),
      client: 'enduser',
      opensSockets: true,
      refused: { path: () => `/v1/enduser-is-authenticated?id=${patient.id}`, status: 403 },
      allowed: async (_token, authorization) => {
        expect(await callWith(suite.api.host, authorization, `/v1/enduser/${patient.id}`)).toMatchObject({ status: 200, body: { id: patient.id } });
      },
    },
    {
      kind: 'API key',
      credential: async () => {
        const { key } = (await suite.admin.api.api_keys.createOne({})) as unknown as { key: string };
        return { token: key, authorization: `API_KEY ${key}` };
      },
      client: 'staff',
      opensSockets: false,
      refused: { path: () => '/v1/enduser-session-info', status: 403 },
      allowed: async (_token, authorization) => {
        expect(await callWith(suite.api.host, authorization, `/v1/enduser/${patient.id}`)).toMatchObject({ status: 200, body: { id: patient.id } });
      },
    },
    {
      kind: 'public booking session (anyone who knows the email)',
      credential: async () => {
        const { businessId } = suite.tenant;
        const answer = await anonymous().api.calendar_events.session_for_public_appointment_booking({ email: patient.email, calendarEventTemplateId: templateId, businessId });
        return bearer((answer as { authToken: string }).authToken);
      },
      client: 'enduser',
      opensSockets: false,
      refused: { path: () => `/v1/enduser/${patient.id}`, status: 401 },
      allowed: async (token) => {
        // Without a session this call needs a booking page: answering without one means the token was accepted.
        const widget = new EnduserSession({ host: suite.api.host, businessId: suite.tenant.businessId, authToken: token });
        await expect(availability(widget, { calendarEventTemplateId: templateId })).resolves.toEqual([]);
      },
    },
    {
      kind: 'public form session (anyone who knows the email)',
      credential: async () => {
        const answer = await anonymous().api.form_responses.session_for_public_form({ formId, businessId: suite.tenant.businessId, email: patient.email } as never);
        accessCode = answer.accessCode;
        return bearer(answer.authToken);
      },
      client: 'enduser',
      opensSockets: false,
      refused: { path: () => `/v1/enduser/${patient.id}`, status: 401 },
      allowed: async (token) => {
        const visitor = new EnduserSession({ host: suite.api.host, businessId: suite.tenant.businessId, authToken: token });
        await expect(visitor.api.form_responses.info_for_access_code({ accessCode })).resolves.toMatchObject({ form: { id: formId } });
      },
    },
    {
      kind: 'one-time login link',
      credential: async () => {
        await anonymous().begin_login_flow({ email: patient.email });
        const link = (await suite.smtp.waitFor(patient.email)).decoded.match(/\/login\?token=([A-Za-z0-9_.%-]+)/);
        if (!link) throw new Error('no login link mailed');
        return bearer(decodeURIComponent(link[1]));
      },
      client: 'enduser',
      opensSockets: false,
      refused: { path: () => '/v1/enduser-session-info', status: 401 },
      allowed: async (token) => {
        const linked = new EnduserSession({ host: suite.api.host, businessId: suite.tenant.businessId, authToken: token });
        await expect(linked.refresh_session()).resolves.toMatchObject({ enduser: { id: patient.id } });
      },
    },
  ];

  test.each(CASES)('$kind', async ({ credential, client, opensSockets, refused, allowed }) => {
    const { api } = suite;
    const { token, authorization } = await credential();
    const { businessId } = suite.tenant;
    const session = client === 'staff' ? new Session({ host: api.host, businessId, authToken: token }) : new EnduserSession({ host: api.host, businessId, authToken: token });

    const { socketIo, graphql, updates } = await listen(session);
    const heardOnSocketIo = () => !(socketIo instanceof Error) && itemsOf(socketIo.received, 'updated-endusers').some((item) => idOf(item) === patient.id);
    const heardOnGraphql = () => updates.items.some((item) => idOf(item) === patient.id);
    if (opensSockets) {
      await eventually(heardOnSocketIo, 2_000, "the patient's update on socket.io");
      await eventually(heardOnGraphql, 2_000, "the patient's update on graphql-ws");
      expect(graphql.closes).toEqual([]);
    } else {
      // Refused at the handshake: nothing of the patient's record ever reaches the holder.
      expect(socketIo).toBeInstanceOf(Error);
      expect((socketIo as Error).message).toBe('Unauthenticated');
      await eventually(() => graphql.closes.length > 0, 2_000, 'graphql-ws to close');
      expect(graphql.closes).toEqual([{ code: 4401, reason: 'Unauthenticated' }]);
      await api.realtime.hub.idle();
      await sleep(300);
      expect(heardOnSocketIo()).toBe(false);
      expect(heardOnGraphql()).toBe(false);
    }

    expect((await callWith(api.host, authorization, refused.path())).status).toBe(refused.status);
    await allowed(token, authorization);
  });
});
