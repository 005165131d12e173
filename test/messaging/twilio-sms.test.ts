import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Session } from '@tellescope/sdk';
import { adminSession, createTenant } from '../support/tenant';
import { mailbox, startMessagingApi, uniquePhone, type MessagingApi } from './support';

interface TwilioRequest {
  path: string;
  authorization: string;
  form: URLSearchParams;
}

/** A local stand-in for Twilio's REST API at the network edge: records each Messages.json request and answers like Twilio. */
const startTwilioReceiver = async () => {
  const requests: TwilioRequest[] = [];
  let failing = false;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization ?? '', form: new URLSearchParams(body) });
      res.setHeader('content-type', 'application/json');
      if (failing) {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
        return;
      }
      const form = new URLSearchParams(body);
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${String(requests.length).padStart(32, '0')}`, status: 'queued', to: form.get('To'), from: form.get('From'), body: form.get('Body') }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    fail: (value: boolean) => {
      failing = value;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe('SMS through the Twilio adapter when TWILIO_* is configured', () => {
  let twilio: Awaited<ReturnType<typeof startTwilioReceiver>>;
  let api: MessagingApi;
  let sdk: Session;

  beforeAll(async () => {
    twilio = await startTwilioReceiver();
    api = await startMessagingApi({
      env: { TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001', TWILIO_AUTH_TOKEN: 'test-auth-token', TWILIO_FROM: '+14155550100', TWILIO_API_BASE_URL: twilio.url },
    });
    sdk = await adminSession(api.host, await createTenant(api.dataSource));
  });
  afterAll(async () => {
    await api.stop();
    await twilio.stop();
  });

  test('the message is posted to Twilio’s Messages API with the account’s credentials; the SID is kept as internalMessageId', async () => {
    const phone = uniquePhone();
    const enduser = await sdk.api.endusers.createOne({ phone });
    const sms = await sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'See you at 10am.' });
    expect(sms).toMatchObject({ delivered: true, deliveryStatus: 'sent' });
    const request = twilio.requests.at(-1)!;
    expect(request.path).toBe('/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json');
    expect(request.authorization).toBe(`Basic ${Buffer.from('AC00000000000000000000000000000001:test-auth-token').toString('base64')}`);
    expect(Object.fromEntries(request.form)).toEqual({ To: phone, From: '+14155550100', Body: 'See you at 10am.' });
    expect(sms.internalMessageId).toBe(`SM${String(twilio.requests.length).padStart(32, '0')}`);
    // Nothing is kept locally when a real channel is configured.
    expect(await mailbox(api.host, phone, sdk)).toHaveLength(0);
  });

  test('when Twilio refuses, the client gets a clear error and no record remains', async () => {
    const enduser = await sdk.api.endusers.createOne({ phone: uniquePhone() });
    twilio.fail(true);
    try {
      await expect(sdk.api.sms_messages.createOne({ enduserId: enduser.id, message: 'Hello' })).rejects.toMatchObject({
        message: "SMS could not be sent: The 'To' number is not a valid phone number.",
      });
    } finally {
      twilio.fail(false);
    }
    expect(await sdk.api.sms_messages.getSome({ filter: { enduserId: enduser.id } })).toHaveLength(0);
  });
});
