import jwt from 'jsonwebtoken';
import { startApi, type RunningApi } from '../support/api-server';
import { freshTenant } from '../analytics/support';
import { callWith, createEnduser } from '../identity/support';

const TWILIO = {
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  // The SMS channel needs these with the account (it is built from the same settings).
  TWILIO_AUTH_TOKEN: 'test-auth-token',
  TWILIO_FROM: '+15555550100',
  TWILIO_API_KEY_SID: 'SK00000000000000000000000000000002',
  TWILIO_API_KEY_SECRET: 'api-key-secret-for-tests',
  TWILIO_TWIML_APP_SID: 'AP00000000000000000000000000000003',
};

type VoiceClaims = { iss: string; sub: string; grants: { identity: string; voice: { outgoing?: { application_sid: string }; incoming?: { allow: boolean } } } };

describe('POST /authenticate-twilio-phone-call', () => {
  let configured: RunningApi;
  let unconfigured: RunningApi;
  beforeAll(async () => {
    configured = await startApi({ env: TWILIO });
    unconfigured = await startApi();
  });
  afterAll(async () => {
    await configured?.stop();
    await unconfigured?.stop();
  });

  test('a staff member gets a Voice token signed by the API key, for the configured account and their own identity', async () => {
    const { admin } = await freshTenant(configured);
    const answer = await callWith(configured.host, `Bearer ${admin.authToken}`, '/v1/authenticate-twilio-phone-call', { method: 'POST', body: JSON.stringify({ os: 'ios' }) });
    expect(answer.status).toBe(200);
    const { accessToken, identity } = answer.body as { accessToken: string; identity: string };
    expect(identity).toBe(admin.userInfo.id);
    const claims = jwt.verify(accessToken, TWILIO.TWILIO_API_KEY_SECRET) as VoiceClaims;
    expect(claims.sub).toBe(TWILIO.TWILIO_ACCOUNT_SID);
    expect(claims.iss).toBe(TWILIO.TWILIO_API_KEY_SID);
    expect(claims.grants.identity).toBe(admin.userInfo.id);
    expect(claims.grants.voice.outgoing?.application_sid).toBe(TWILIO.TWILIO_TWIML_APP_SID);
    expect(claims.grants.voice.incoming?.allow).toBe(true);
    // The token is not signed with anything a client could know.
    expect(() => jwt.verify(accessToken, TWILIO.TWILIO_AUTH_TOKEN)).toThrow();
  });

  test('an unknown os is refused; a patient gets no calling token', async () => {
    const { tenant, admin } = await freshTenant(configured);
    const patient = await createEnduser(configured.host, admin, tenant);
    const asPatient = await callWith(configured.host, `Bearer ${patient.session.authToken}`, '/v1/authenticate-twilio-phone-call', { method: 'POST', body: JSON.stringify({ os: 'ios' }) });
    expect(asPatient.status).toBe(403);
    const bad = await callWith(configured.host, `Bearer ${admin.authToken}`, '/v1/authenticate-twilio-phone-call', { method: 'POST', body: JSON.stringify({ os: 'windows' }) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Error parsing field os: Value must be one of ios, android' });
  });

  test('without Twilio settings the answer names what is missing', async () => {
    const { admin } = await freshTenant(unconfigured);
    const answer = await callWith(unconfigured.host, `Bearer ${admin.authToken}`, '/v1/authenticate-twilio-phone-call', { method: 'POST', body: JSON.stringify({ os: 'android' }) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: 'Twilio calling is not configured: set TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET' });
  });
});
