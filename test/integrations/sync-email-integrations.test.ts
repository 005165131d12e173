import { startApi, type RunningApi } from '../support/api-server';
import { freshTenant } from '../analytics/support';
import { callWith, createStaff } from '../identity/support';
import { startAuthorizationServer } from './oauth2-server';
import { startGmailStandIn } from './gmail-stand-in';

const CLIENT = { id: 'carelane-google', secret: 'google-client-secret' };

describe('POST /sync-email-integrations', () => {
  let provider: Awaited<ReturnType<typeof startAuthorizationServer>>;
  let gmail: Awaited<ReturnType<typeof startGmailStandIn>>;
  /** Access tokens Gmail no longer accepts (as when they expired early). */
  const refused = new Set<string>();
  let api: RunningApi;
  beforeAll(async () => {
    provider = await startAuthorizationServer(CLIENT);
    gmail = await startGmailStandIn((token) => provider.issued.includes(token) && token.startsWith('access-') && !refused.has(token));
    api = await startApi({
      env: {
        PORTAL_URL: 'http://portal.example.test',
        OAUTH2_GOOGLE_CLIENT_ID: CLIENT.id,
        OAUTH2_GOOGLE_CLIENT_SECRET: CLIENT.secret,
        OAUTH2_GOOGLE_AUTHORIZE_URL: `${provider.url}/authorize`,
        OAUTH2_GOOGLE_TOKEN_URL: `${provider.url}/token`,
        OAUTH2_GOOGLE_REVOKE_URL: `${provider.url}/revoke`,
        GMAIL_API_BASE_URL: gmail.url,
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await gmail?.stop();
    await provider?.stop();
  });

  /** The admin connects the organization's Google mailbox through the consent round trip. */
  const connectGoogle = async (admin: Awaited<ReturnType<typeof freshTenant>>['admin']) => {
    const { authUrl } = (await admin.api.integrations.generate_google_auth_url({})) as { authUrl: string };
    const url = new URL(authUrl);
    const code = provider.issueCode(url.searchParams.get('redirect_uri')!);
    const back = await fetch(`${api.host}/v1/oauth2-callback?${new URLSearchParams({ code, state: url.searchParams.get('state')! })}`, { redirect: 'manual' });
    expect(back.status).toBe(302);
  };

  test('new mail from the enduser is recorded once as inbound emails and answered', async () => {
    const { admin } = await freshTenant(api);
    const email = `pat.${Date.now()}@example.com`;
    const enduser = await admin.api.endusers.createOne({ email, fname: 'Pat' });
    await connectGoogle(admin);

    const first = gmail.deliver({ from: `Pat Doe <${email}>`, subject: 'Question about my visit', text: 'Can I bring my own list of medications?', internalDate: Date.now() - 60_000 });
    const second = gmail.deliver({ from: email, subject: 'Re: Question about my visit', text: 'Also, is parking free?', html: '<p>Also, is <b>parking</b> free?</p>', threadId: first.threadId });
    gmail.deliver({ from: 'someone.else@example.com', subject: 'Not from Pat', text: 'spam' });

    const answer = await admin.api.emails.sync_integrations({ enduserEmail: email });
    expect(answer.newEmails).toHaveLength(2);
    expect(answer.newEmails.map((e) => e.subject)).toEqual(['Question about my visit', 'Re: Question about my visit']);
    expect(answer.newEmails[0]).toMatchObject({ enduserId: enduser.id, inbound: true, textContent: 'Can I bring my own list of medications?', userId: admin.userInfo.id });
    expect(answer.newEmails[1]).toMatchObject({ threadId: first.threadId, HTMLContent: expect.stringContaining('parking') });
    expect(new Date(answer.newEmails[0].timestamp!).getTime()).toBe(first.internalDate);

    // The enduser's record shows them; nothing was sent (inbound mail is only recorded).
    const stored = await admin.api.emails.getSome({ filter: { enduserId: enduser.id } });
    expect(stored.map((e) => e.subject).sort()).toEqual(['Question about my visit', 'Re: Question about my visit']);
    expect(stored.every((e) => e.inbound === true)).toBe(true);

    // A second sync finds nothing new, and searched only since the newest recorded message.
    expect((await admin.api.emails.sync_integrations({ enduserEmail: email })).newEmails).toEqual([]);
    expect(gmail.searches.at(-1)).toBe(`from:${email} after:${Math.floor(second.internalDate / 1000) - 1}`);
    expect(await admin.api.emails.getSome({ filter: { enduserId: enduser.id } })).toHaveLength(2);

    // Later mail arrives: only it is new.
    const third = gmail.deliver({ from: email, subject: 'Thanks!', text: 'See you Monday.' , internalDate: Date.now() + 5_000 });
    const later = await admin.api.emails.sync_integrations({ enduserEmail: email });
    expect(later.newEmails.map((e) => e.subject)).toEqual([third.subject]);

    // Two syncs at once record each message once.
    gmail.deliver({ from: email, subject: 'One more', text: 'Last one.', internalDate: Date.now() + 10_000 });
    const both = await Promise.all([1, 2].map(() => admin.api.emails.sync_integrations({ enduserEmail: email })));
    expect(both.flatMap((b) => b.newEmails.map((e) => e.subject))).toEqual(['One more']);
    expect(await admin.api.emails.getSome({ filter: { enduserId: enduser.id } })).toHaveLength(4);

    // No token in an answer.
    const everything = JSON.stringify([answer, later, both]);
    for (const token of provider.issued) expect(everything).not.toContain(token);
  });

  test('a token Gmail refuses is refreshed and the read tried once more', async () => {
    const { admin } = await freshTenant(api);
    const email = `sam.${Date.now()}@example.com`;
    await admin.api.endusers.createOne({ email });
    await connectGoogle(admin);
    for (const token of provider.issued) refused.add(token);
    const issuedBefore = provider.issued.length;
    gmail.deliver({ from: email, subject: 'Hello', text: 'Hi there' });
    const answer = await admin.api.emails.sync_integrations({ enduserEmail: email });
    expect(answer.newEmails.map((e) => e.subject)).toEqual(['Hello']);
    expect(provider.issued.length).toBe(issuedBefore + 1); // one refresh
  });

  test('only the mailbox owner syncs without allUsers; no enduser with the address: nothing', async () => {
    const { admin } = await freshTenant(api);
    const email = `lee.${Date.now()}@example.com`;
    await admin.api.endusers.createOne({ email });
    await connectGoogle(admin);
    gmail.deliver({ from: email, subject: 'For the clinic', text: 'Hello clinic' });
    const colleague = (await createStaff(api, admin, { roles: ['Admin'] })).session;
    const searchesAtStart = gmail.searches.length;
    expect((await colleague.api.emails.sync_integrations({ enduserEmail: email })).newEmails).toEqual([]);
    expect(gmail.searches).toHaveLength(searchesAtStart);
    expect((await colleague.api.emails.sync_integrations({ enduserEmail: email, allUsers: true })).newEmails.map((e) => e.subject)).toEqual(['For the clinic']);
    const searchesBefore = gmail.searches.length;
    expect((await admin.api.emails.sync_integrations({ enduserEmail: 'nobody.here@example.com' })).newEmails).toEqual([]);
    expect(gmail.searches).toHaveLength(searchesBefore);
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
