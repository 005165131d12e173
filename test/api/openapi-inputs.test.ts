import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { EnduserSession } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { startRecordingProxy } from '../support/recording-proxy';
import { adminSession, createTenant, type Tenant } from '../support/tenant';

type Operation = { tags?: string[]; requestBody?: { content?: { 'application/json'?: { schema?: Record<string, unknown> } } }; parameters?: { name: string; in: string }[] };
type Document = { paths: Record<string, Record<string, Operation>> };

const namedCalls = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.tags?.includes('named calls'))
      .map(([method, operation]) => ({ path, method, operation })),
  );

/** The documented operation a request reached: /v1/journey/{id}/states matches /v1/journey/abc/states. */
const operationFor = (document: Document, method: string, url: string) => {
  // The client writes some paths as '/v1/' + '/templated-message'; the api reads '//' as '/'.
  const path = url.split('?')[0].replace(/\/{2,}/g, '/');
  for (const call of namedCalls(document)) {
    if (call.method !== method.toLowerCase()) continue;
    const pattern = new RegExp(`^${call.path.replace(/\{\w+\}/g, '[^/]+')}$`);
    if (pattern.test(path)) return call;
  }
  return undefined;
};

describe('/openapi.json documents the input of every named call (issues 11, 12)', () => {
  let api: RunningApi;
  let tenant: Tenant;
  let document: Document;
  beforeAll(async () => {
    api = await startApi();
    tenant = await createTenant(api.dataSource);
    document = (await (await fetch(`${api.host}/openapi.json`)).json()) as Document;
  }, 60_000);
  afterAll(() => api.stop());

  test('every named call other than a GET has a JSON requestBody schema; GETs list their query parameters', () => {
    const calls = namedCalls(document);
    expect(calls.length).toBeGreaterThan(80);
    const withoutBody = calls.filter(({ method, operation }) => method !== 'get' && !operation.requestBody?.content?.['application/json']?.schema);
    expect(withoutBody.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    // A few inputs spelled out, so an empty schema cannot pass for a documented one.
    const body = (path: string, method = 'post') => document.paths[path][method].requestBody!.content!['application/json']!.schema!;
    expect(body('/v1/users/login')).toMatchObject({ required: ['email', 'password'], properties: { email: { type: 'string' }, password: { type: 'string' } } });
    expect(body('/v1/add-endusers-to-journey')).toMatchObject({ required: ['enduserIds', 'journeyId'], properties: { enduserIds: { type: 'array', items: { pattern: expect.any(String) } } } });
    expect(body('/v1/journey/{id}/states', 'delete')).toMatchObject({ required: ['states'] });
    expect(body('/v1/handle-out-of-office-autoreply')).toMatchObject({ required: ['channel', 'enduserId'], properties: { channel: { enum: ['Email', 'SMS', 'Chat'] } } });
    const queryOf = (path: string) => (document.paths[path].get.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    expect(queryOf('/v1/generate-auth-token')).toEqual(expect.arrayContaining(['id', 'externalId', 'email', 'phone', 'durationInSeconds']));
    expect(queryOf('/v1/calendar-availability')).toEqual(expect.arrayContaining(['calendarEventTemplateId', 'from', 'to', 'userIds']));
    expect(queryOf('/v1/result-for-analytics-query')).toEqual(expect.arrayContaining(['query']));
  });

  test('a body that is a JSON list names no field: a clear 400, never a 500', async () => {
    const admin = await adminSession(api.host, tenant);
    for (const body of ['[]', '[{"id":"0123456789abcdef01234567"}]']) {
      const response = await fetch(`${api.host}/v1/join-chat-room`, { method: 'POST', headers: { authorization: `Bearer ${admin.authToken}`, 'content-type': 'application/json' }, body });
      expect({ body, status: response.status, answer: await response.json() }).toMatchObject({ body, status: 400, answer: { message: 'Value not provided for required field: id' } });
    }
  });

  test('the documented schemas accept what the reference client sends', async () => {
    const proxy = await startRecordingProxy(api.host);
    try {
      // Each call's answer does not matter here: what the client puts on the wire does.
      const quietly = (call: () => Promise<unknown>) => call().catch(() => undefined);
      const admin = await adminSession(proxy.url, tenant);
      const enduser = await admin.api.endusers.createOne({ email: `patient-${Date.now()}@example.com`, fname: 'Pat' });
      const journey = await admin.api.journeys.createOne({ title: 'Onboarding', states: [{ name: 'New', priority: 'N/A' }, { name: 'Done', priority: 'N/A' }], defaultState: 'New' } as never);
      await quietly(() => admin.api.endusers.add_to_journey({ enduserIds: [enduser.id], journeyId: journey.id }));
      await quietly(() => admin.api.templates.get_templated_message({ message: 'Hello {{enduser.fname}}', userId: admin.userInfo.id, enduserId: enduser.id, channel: 'Email' } as never));
      await quietly(() => admin.api.user_notifications.send_user_email_notification({ userId: admin.userInfo.id, message: 'A note' }));
      const room = await admin.api.chat_rooms.createOne({ enduserIds: [enduser.id], userIds: [admin.userInfo.id] });
      await quietly(() => admin.api.chat_rooms.mark_read({ id: room.id }));
      await quietly(() => admin.api.chat_rooms.join_room({ id: room.id }));
      await quietly(() => admin.refresh_session());
      const patient = new EnduserSession({ host: proxy.url, businessId: tenant.businessId });
      const email = `self-${Date.now()}@example.com`;
      await quietly(() => patient.register({ email, password: 'Patient-pass-1', fname: 'Sam' } as never));
      await quietly(() => patient.begin_login_flow({ email } as never));
      await quietly(() => patient.authenticate(email, 'Patient-pass-1'));
      await quietly(() => patient.api.endusers.unsubscribe({ enduserId: enduser.id, unsubscribeFrom: ['Email'] } as never));
    } finally {
      await proxy.stop();
    }

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const checked: string[] = [];
    const rejected: string[] = [];
    for (const request of proxy.recorded) {
      if (request.method === 'GET' || !request.requestBody) continue;
      const call = operationFor(document, request.method, request.path);
      const schema = call?.operation.requestBody?.content?.['application/json']?.schema;
      if (!call || !schema) continue;
      const validate = ajv.compile(schema);
      if (validate(JSON.parse(request.requestBody))) checked.push(`${call.method} ${call.path}`);
      else rejected.push(`${call.method} ${call.path}: ${ajv.errorsText(validate.errors)} in ${request.requestBody}`);
    }
    expect(rejected).toEqual([]);
    expect(new Set(checked)).toEqual(
      new Set([
        'post /v1/users/login',
        'post /v1/add-endusers-to-journey',
        'post /v1/templated-message',
        'post /v1/send-user-email-notification',
        'post /v1/mark-chat-room-read',
        'post /v1/join-chat-room',
        'post /v1/refresh-session',
        'post /v1/register-as-enduser',
        'post /v1/begin-enduser-login-flow',
        'post /v1/login-enduser',
        'post /v1/unsubscribe-enduser',
      ]),
    );
  }, 120_000);
});
