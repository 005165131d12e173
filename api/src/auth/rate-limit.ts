import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { ApiError } from '../errors';

/**
 * Fixed-window counters behind the login throttle: Redis when REDIS_URL is set (shared by every api
 * process), otherwise a map in this process. A Redis outage falls back to the in-process counters
 * rather than refusing every login.
 */
export interface Counter {
  /** Adds one to `key` and answers the new count; the window starts with the first hit. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes one back (a successful attempt should not use up the address's allowance). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

const MAX_MEMORY_KEYS = 100_000;

export class MemoryCounter implements Counter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.endsAt <= now) {
      if (this.windows.size >= MAX_MEMORY_KEYS) this.sweep(now);
      entry = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return entry.count;
  }

  async undo(key: string) {
    const entry = this.windows.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async close() {
    this.windows.clear();
  }

  /** Bounded memory: drop ended windows, and if an attack fills the map anyway, the oldest entries. */
  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
    if (this.windows.size < MAX_MEMORY_KEYS) return;
    const excess = this.windows.size - MAX_MEMORY_KEYS / 2;
    let removed = 0;
    for (const key of this.windows.keys()) {
      if (removed++ >= excess) break;
      this.windows.delete(key);
    }
  }
}

const HIT_SCRIPT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;
const UNDO_SCRIPT = `if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisCounter implements Counter {
  private readonly redis: Redis;
  private readonly fallback = new MemoryCounter();
  private warned = false;

  constructor(url: string, private readonly prefix: string) {
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true });
    this.redis.on('error', (error: Error) => this.warn(error));
    // The HTTP server keeps the process alive; an idle Redis connection should not.
    this.redis.on('connect', () => (this.redis as unknown as { stream?: { unref?: () => void } }).stream?.unref?.());
  }

  private warn(error: unknown) {
    if (this.warned) return;
    this.warned = true;
    console.warn(`rate limit: Redis unavailable, counting in this process instead (${(error as Error)?.message ?? error})`);
  }

  async hit(key: string, windowMs: number) {
    try {
      const count = await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs));
      this.warned = false;
      return Number(count);
    } catch (error) {
      this.warn(error);
      return this.fallback.hit(key, windowMs);
    }
  }

  async undo(key: string) {
    try {
      await this.redis.eval(UNDO_SCRIPT, 1, this.prefix + key);
    } catch (error) {
      this.warn(error);
      await this.fallback.undo(key);
    }
  }

  async reset(key: string) {
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.warn(error);
    }
    await this.fallback.reset(key);
  }

  async close() {
    this.redis.disconnect();
    await this.fallback.close();
  }
}

export const TOO_MANY_ATTEMPTS = 'Too many login attempts';

export type ThrottledAction = 'login' | 'begin-login' | 'password-reset' | 'public-booking';

/**
 * The 429 of a limit: carries the window's length as `retryAfterSeconds` (not in the JSON body,
 * which stays the reference client's error shape), sent as the Retry-After header by the error
 * handler. The window is fixed, so the whole window is the longest a client may have to wait.
 */
export const tooManyAttempts = (limit: Limit) => Object.assign(new ApiError(429, TOO_MANY_ATTEMPTS), { retryAfterSeconds: Math.ceil(limit.windowMs / 1000) });

export interface Limit {
  /** Attempts allowed per identity (an email, phone or account id within a business) in the window. */
  perIdentity: number;
  /** Attempts allowed per client address in the window, across identities. */
  perAddress: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The defaults: five password attempts per account per 15 minutes (the sixth is refused even with the
 * right password), and enough per address that a clinic behind one NAT is not locked out by one
 * forgetful colleague.
 */
export const DEFAULT_LIMITS: Record<ThrottledAction, Limit> = {
  login: { perIdentity: 5, perAddress: 50, windowMs: 15 * MINUTE },
  'begin-login': { perIdentity: 10, perAddress: 100, windowMs: 15 * MINUTE },
  'password-reset': { perIdentity: 5, perAddress: 30, windowMs: 60 * MINUTE },
  // A public booking session finds or creates an enduser by email: bounded so one address cannot mint accounts or probe emails in bulk.
  'public-booking': { perIdentity: 10, perAddress: 100, windowMs: 15 * MINUTE },
};

/**
 * Rate limits for login, begin-login and password reset, per identity and per address. Every attempt
 * is counted before it is checked (so parallel guesses cannot slip through together); a successful
 * login clears the identity's count and hands the address its attempt back. The 429 answer is the
 * same whichever limit was reached.
 */
export class LoginThrottle {
  constructor(
    private readonly counter: Counter,
    private readonly limits: Record<ThrottledAction, Limit> = DEFAULT_LIMITS,
  ) {}

  private keys(action: ThrottledAction, identity: string, address: string) {
    return { identity: `${action}:id:${identity.toLowerCase()}`, address: `${action}:ip:${address}` };
  }

  async attempt(action: ThrottledAction, identity: string, address: string) {
    const limit = this.limits[action];
    const keys = this.keys(action, identity, address);
    const [byIdentity, byAddress] = await Promise.all([this.counter.hit(keys.identity, limit.windowMs), this.counter.hit(keys.address, limit.windowMs)]);
    if (byIdentity > limit.perIdentity || byAddress > limit.perAddress) throw tooManyAttempts(limit);
  }

  /**
   * The same allowance per account, whichever identifier named it (an enduser by id, email or phone
   * shares one count): called once the account is found, before its password is checked. Without an
   * account it counts under the identifier, so both paths do the same work.
   */
  async attemptAccount(action: ThrottledAction, account: string) {
    const limit = this.limits[action];
    if ((await this.counter.hit(`${action}:acct:${account}`, limit.windowMs)) > limit.perIdentity) throw tooManyAttempts(limit);
  }

  async succeeded(action: ThrottledAction, identity: string, address: string, account?: string) {
    const keys = this.keys(action, identity, address);
    await Promise.all([this.counter.reset(keys.identity), this.counter.undo(keys.address), account ? this.counter.reset(`${action}:acct:${account}`) : undefined]);
  }

  /**
   * Registrations: one per email per second within a business (the second counted from when the
   * previous registration finished: see registrationDone), and a bounded number per address, so a
   * script cannot probe or flood with them. 'Too many requests', the reference client's text.
   */
  async attemptRegistration(identity: string, address: string) {
    const [byIdentity, byAddress] = await Promise.all([
      this.counter.hit(`register:id:${identity.toLowerCase()}`, REGISTRATION_LIMIT.windowMs),
      this.counter.hit(`register:ip:${address}`, REGISTRATION_LIMIT.windowMs),
    ]);
    if (byIdentity > REGISTRATION_LIMIT.perIdentity || byAddress > REGISTRATION_LIMIT.perAddress) throw new ApiError(429, TOO_MANY_REQUESTS);
  }

  /** Restarts the email's window when its registration is answered (hashing a password takes a while). */
  async registrationDone(identity: string) {
    const key = `register:id:${identity.toLowerCase()}`;
    await this.counter.reset(key);
    await this.counter.hit(key, REGISTRATION_LIMIT.windowMs);
  }

  close() {
    return this.counter.close();
  }
}

export const TOO_MANY_REQUESTS = 'Too many requests';
const REGISTRATION_LIMIT: Limit = { perIdentity: 1, perAddress: 20, windowMs: 1000 };

/**
 * Redis when configured. Test apis each count in a namespace of their own, so suites running in
 * parallel from one address never trip each other's limits.
 */
export const createLoginThrottle = (config: { redisUrl?: string; mode: string }) => {
  if (!config.redisUrl) return new LoginThrottle(new MemoryCounter());
  const prefix = config.mode === 'test' ? `carelane:test:${randomBytes(6).toString('hex')}:rl:` : 'carelane:rl:';
  return new LoginThrottle(new RedisCounter(config.redisUrl, prefix));
};
