import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { Request, RequestHandler, Response } from 'express';
import type { DataSource } from 'typeorm';
import { apiKeyOf, findApiKey } from './api-keys';
import type { Caller, UserCaller } from './caller';
import { loadRolePermissions } from './role-permissions';
import type { AccountCache, RequestFence } from './account-cache';
import { kindOfClaims, opensCall, type TokenKindName } from './token-kinds';
import { accountAcceptsToken, signingKey, type TokenClaims } from './tokens';

const ACCOUNT_TABLE = { user: 'users', enduser: 'endusers' } as const;

const userCaller = async (dataSource: DataSource, record: Record<string, unknown>, cache?: AccountCache, fence?: RequestFence): Promise<UserCaller> => {
  const roles = (record.roles as string[] | null) ?? [];
  const permissions = cache ? await cache.rolePermissions(dataSource, record.businessId as string, roles, fence) : await loadRolePermissions(dataSource, record.businessId as string, roles);
  return {
    type: 'user',
    id: record._id as string,
    businessId: record.businessId as string,
    organizationIds: (record.organizationIds as string[] | null) ?? [],
    roles,
    record,
    ...(permissions ? { permissions } : {}),
  };
};

/**
 * Loads the account behind a verified token. A deleted account, a bumped sessionVersion (logout,
 * password change) or changed roles fail it. With `cache`, an account unchanged since it was last read
 * costs no query (account-cache.ts: PostgreSQL announces every change of it to every process).
 */
export const loadCaller = async (dataSource: DataSource, claims: TokenClaims, cache?: AccountCache, requestFence?: RequestFence): Promise<Caller | undefined> => {
  const table = ACCOUNT_TABLE[claims.type];
  if (!table) return undefined;
  // One fence round trip covers both cached reads of this request (account-cache.ts requestFence).
  const fence = requestFence ?? cache?.requestFence();
  const record = cache
    ? await cache.account(dataSource, table, claims.sub, claims.businessId, fence)
    // raw SQL: the account a token names is read to build the caller, so no caller exists yet; by id within the token's business.
    : await dataSource.getRepository(table).findOne({ where: { _id: claims.sub, businessId: claims.businessId } });
  if (!record || !accountAcceptsToken(record, claims)) return undefined;
  if (claims.type === 'user') return userCaller(dataSource, record, cache, fence);
  return {
    type: 'enduser',
    id: claims.sub,
    businessId: claims.businessId,
    organizationIds: (record.organizationIds as string[] | null) ?? [],
    record,
    ...(typeof claims.fr === 'string' ? { formResponseId: claims.fr } : {}),
    ...(claims.ll ? { loginLink: true } : {}),
    ...(claims.bk ? { bookingOnly: true } : {}),
  };
};

/** `Authorization: API_KEY <key>` acts as the user who created the key, with that user's current roles. */
const loadApiKeyCaller = async (dataSource: DataSource, key: string): Promise<Caller | undefined> => {
  const apiKey = await findApiKey(dataSource, key);
  if (!apiKey) return undefined;
  // raw SQL: the API key's creator is read to build the caller the key acts as, so no caller exists yet.
  const record = await dataSource.getRepository('users').findOne({ where: { _id: apiKey.creator as string, businessId: apiKey.businessId as string } });
  if (!record) return undefined;
  return { ...(await userCaller(dataSource, record)), apiKeyId: apiKey._id as string };
};

/** A verified token's account and the kind of token it is (token-kinds.ts). */
interface Identified {
  caller: Caller;
  kind: TokenKindName;
}

/** The fence a request's token check uses instead of its own (identifyForRead's speculative one). */
const requestFences = new WeakMap<Request, RequestFence>();

/** Registers the JWT strategy on a passport instance of this app's own (no global state between apps). */
export const createPassport = (dataSource: DataSource, secret: string, cache?: AccountCache) => {
  const instance = new passport.Passport();
  instance.use(
    new JwtStrategy(
      // A KeyObject made once (tokens.ts signingKey): passport-jwt hands it to jsonwebtoken as it is.
      { jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: signingKey(secret) as unknown as string, algorithms: ['HS256'], passReqToCallback: true },
      (req: Request, claims: TokenClaims, done: (error: unknown, identified?: Identified | false) => void) => {
        const kind = kindOfClaims(claims);
        if (!kind) return done(null, false);
        loadCaller(dataSource, claims, cache, requestFences.get(req)).then((caller) => done(null, caller ? { caller, kind } : false), done);
      },
    ),
  );
  return { instance, cache };
};

export type AppPassport = ReturnType<typeof createPassport>;

const hasBearerToken = (header: string | undefined) => {
  const token = header?.match(/^Bearer\s+(.*)$/i)?.[1]?.trim();
  return !!token && token !== 'undefined' && token !== 'null';
};

/**
 * Resolves `req.caller` when a usable token or API key is present and its kind opens this call
 * (token-kinds.ts). Public calls arrive with an empty Bearer header (and sometimes a stale token), so
 * an absent or invalid credential, or one whose kind does not open the call, only leaves the caller
 * anonymous; routes that need a caller answer 401 themselves.
 */
export const identifyCaller =
  ({ instance }: AppPassport, dataSource: DataSource): RequestHandler =>
  (req, res, next) => {
    const apiKey = apiKeyOf(req.headers.authorization);
    if (apiKey) {
      if (!opensCall('API key', req.method, req.path)) return next();
      loadApiKeyCaller(dataSource, apiKey).then((caller) => {
        if (caller) req.caller = caller;
        next();
      }, next);
      return;
    }
    if (!hasBearerToken(req.headers.authorization)) return next();
    instance.authenticate('jwt', { session: false }, (error: unknown, identified: Identified | false) => {
      if (error) return next(error);
      if (identified && opensCall(identified.kind, req.method, req.path)) req.caller = identified.caller;
      next();
    })(req, res, next);
  };

/**
 * identifyCaller for a call that only reads (Action.readOnly, speculative-reads.ts): a cached account
 * and role matrix are used at once while the fence round trip runs beside the call's own work.
 * Answers the fence (the call registers what it serves from caches of its own on it) and `confirmed`,
 * which the call awaits before it answers anything: true once the round trip is back and nothing
 * served has changed (account-cache.ts speculativeFence); false means identify again
 * (identifyCaller) and compute the answer again.
 */
export const identifyForRead = async (
  appPassport: AppPassport,
  dataSource: DataSource,
  req: Request,
  res: Response,
): Promise<{ fence?: RequestFence; confirmed: () => Promise<boolean> }> => {
  const fence = appPassport.cache?.speculativeFence();
  if (fence) requestFences.set(req, fence);
  try {
    await new Promise<void>((resolve, reject) => identifyCaller(appPassport, dataSource)(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
  } finally {
    requestFences.delete(req);
  }
  return fence ? { fence, confirmed: fence.confirmed } : { confirmed: async () => true };
};
