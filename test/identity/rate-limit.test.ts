import { randomBytes } from 'node:crypto';
import { EnduserSession, Session } from '@tellescope/sdk';
import { LoginThrottle, MemoryCounter, RedisCounter } from '../../api/src/auth/rate-limit';
import type { Tenant } from '../support/tenant';
import { createEnduser, createStaff, uniqueEmail, type IdentityApi } from './support';
import { useTenantSuite } from './tenant-suite';

const TOO_MANY = 'Too many login attempts';

describe('login, begin-login and reset attempts are rate limited per identity and per address', () => {
  const suite = useTenantSuite();
  let api: IdentityApi;
  let tenant: Tenant;
  let admin: Session;
  beforeAll(() => ({ api, tenant, admin } = suite));

  test('staff: five wrong passwords, then the sixth attempt is refused even with the right one; others still sign in', async () => {
    const staff = await createStaff(api, admin);
    const attacker = new Session({ host: api.host });
    for (let i = 0; i < 5; i++) await expect(attacker.authenticate(staff.email, `Wrong-guess-${i}`)).rejects.toMatchObject({ message: 'Invalid email or password' });
    await expect(attacker.authenticate(staff.email, staff.password)).rejects.toMatchObject({ message: TOO_MANY });
    const response = await fetch(`${api.host}/v1/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: staff.email, password: staff.password }),
    });
    expect(response.status).toBe(429);
    // The login window is 15 minutes: the client is told to wait at most that long.
    expect(response.headers.get('retry-after')).toBe('900');
    expect(await response.json()).toMatchObject({ message: TOO_MANY });

    const colleague = await createStaff(api, admin);
    await expect(new Session({ host: api.host }).authenticate(colleague.email, colleague.password)).resolves.toMatchObject({ id: colleague.user.id });
    await expect(new Session({ host: api.host }).authenticate(uniqueEmail('unknown'), 'Wrong-guess-1')).rejects.toMatchObject({ message: 'Invalid email or password' });
  });

  test('a legitimate login right after a few failures works, and starts the count afresh', async () => {
    const staff = await createStaff(api, admin);
    const session = new Session({ host: api.host });
    for (let i = 0; i < 4; i++) await expect(session.authenticate(staff.email, `Typo-${i}`)).rejects.toMatchObject({ message: 'Invalid email or password' });
    await expect(session.authenticate(staff.email, staff.password)).resolves.toMatchObject({ id: staff.user.id });
    for (let i = 0; i < 4; i++) await expect(session.authenticate(staff.email, `Typo-again-${i}`)).rejects.toMatchObject({ message: 'Invalid email or password' });
    await expect(session.authenticate(staff.email, staff.password)).resolves.toMatchObject({ id: staff.user.id });
  });

  test('endusers: the sixth attempt for one email is refused; another email of the business is not', async () => {
    const me = await createEnduser(api.host, admin, tenant);
    const attacker = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    for (let i = 0; i < 5; i++) await expect(attacker.authenticate(me.email, `Wrong-${i}`)).rejects.toMatchObject({ message: 'Invalid email or password' });
    await expect(attacker.authenticate(me.email, me.password)).rejects.toMatchObject({ message: TOO_MANY });
    await expect(attacker.authenticate(uniqueEmail('other'), 'Wrong-9')).rejects.toMatchObject({ message: 'Invalid email or password' });
    const other = await createEnduser(api.host, admin, tenant);
    await expect(other.session.api.endusers.current_session_info()).resolves.toMatchObject({ enduser: { id: other.enduser.id } });
  });

  test('begin-enduser-login-flow: the eleventh start for one email within the window is refused', async () => {
    const portal = new EnduserSession({ host: api.host, businessId: tenant.businessId });
    const email = uniqueEmail('flow');
    for (let i = 0; i < 10; i++) await expect(portal.begin_login_flow({ email } as never)).resolves.toMatchObject({ result: 'sent-email' });
    await expect(portal.begin_login_flow({ email } as never)).rejects.toMatchObject({ message: TOO_MANY });
    await expect(portal.begin_login_flow({ email: uniqueEmail('flow') } as never)).resolves.toMatchObject({ result: 'sent-email' });
  });

  test('public booking: the eleventh session for one email within the window is a 429 with Retry-After; another email is not', async () => {
    const template = await admin.api.calendar_event_templates.createOne({ title: 'Visit', durationInMinutes: 30 } as never);
    const session = (email: string) =>
      fetch(`${api.host}/v1/session-for-public-appointment-booking`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, calendarEventTemplateId: template.id, businessId: tenant.businessId }),
      });
    const email = uniqueEmail('booker');
    for (let i = 0; i < 10; i++) expect((await session(email)).status).toBe(200);
    const refused = await session(email);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
    expect(await refused.json()).toMatchObject({ message: TOO_MANY });
    expect((await session(uniqueEmail('booker'))).status).toBe(200);
  });
});

describe('the throttle itself: per address, windows, and the Redis counter', () => {
  const small = { login: { perIdentity: 3, perAddress: 5, windowMs: 200 }, 'begin-login': { perIdentity: 3, perAddress: 5, windowMs: 200 }, 'password-reset': { perIdentity: 3, perAddress: 5, windowMs: 200 }, 'public-booking': { perIdentity: 3, perAddress: 5, windowMs: 200 } };

  test('one address guessing across many identities is stopped by the address limit; the window then ends', async () => {
    const throttle = new LoginThrottle(new MemoryCounter(), small);
    for (let i = 0; i < 5; i++) await throttle.attempt('login', `user:${i}@example.com`, '203.0.113.7');
    await expect(throttle.attempt('login', 'user:fresh@example.com', '203.0.113.7')).rejects.toMatchObject({ status: 429, message: TOO_MANY });
    await expect(throttle.attempt('login', 'user:fresh@example.com', '198.51.100.1')).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expect(throttle.attempt('login', 'user:fresh@example.com', '203.0.113.7')).resolves.toBeUndefined();
  });

  test('a success clears the identity and gives the address its attempt back', async () => {
    const throttle = new LoginThrottle(new MemoryCounter(), small);
    await throttle.attempt('login', 'a', '192.0.2.1');
    await throttle.attempt('login', 'a', '192.0.2.1');
    await throttle.succeeded('login', 'a', '192.0.2.1');
    for (let i = 0; i < 3; i++) await throttle.attempt('login', 'a', '192.0.2.1');
    await expect(throttle.attempt('login', 'a', '192.0.2.1')).rejects.toMatchObject({ status: 429 });
  });

  const redisUrl = process.env.REDIS_URL;
  (redisUrl ? test : test.skip)('the Redis counter (REDIS_URL) counts, expires, undoes and resets like the in-process one', async () => {
    const counter = new RedisCounter(redisUrl!, `carelane:test:${randomBytes(6).toString('hex')}:`);
    try {
      expect(await counter.hit('k', 300)).toBe(1);
      expect(await counter.hit('k', 300)).toBe(2);
      await counter.undo('k');
      expect(await counter.hit('k', 300)).toBe(2);
      await counter.reset('k');
      expect(await counter.hit('k', 300)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await counter.hit('k', 300)).toBe(1);
      // A window of a minute: with `small`'s 200 ms, a loaded machine's four Redis round trips could outlast it.
      const minute = Object.fromEntries(Object.entries(small).map(([kind, limits]) => [kind, { ...limits, windowMs: 60_000 }])) as typeof small;
      const throttle = new LoginThrottle(counter, minute);
      for (let i = 0; i < 3; i++) await throttle.attempt('login', 'redis-user', '192.0.2.9');
      await expect(throttle.attempt('login', 'redis-user', '192.0.2.9')).rejects.toMatchObject({ status: 429, message: TOO_MANY });
    } finally {
      await counter.close();
    }
  });
});
