import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import type { Caller } from './caller';
import type { TokenClaims } from './tokens';

const ACCOUNT_TABLE = { user: 'users', enduser: 'endusers' } as const;

/** Loads the account behind a verified token; a deleted account or a bumped sessionVersion fails it. */
const loadCaller = async (dataSource: DataSource, claims: TokenClaims): Promise<Caller | undefined> => {
  const table = ACCOUNT_TABLE[claims.type];
  if (!table) return undefined;
  const record = await dataSource.getRepository(table).findOne({ where: { _id: claims.sub, businessId: claims.businessId } });
  if (!record || Number(record.sessionVersion ?? 0) !== claims.v) return undefined;
  const organizationIds = (record.organizationIds as string[] | null) ?? [];
  if (claims.type === 'user') {
    return { type: 'user', id: claims.sub, businessId: claims.businessId, organizationIds, roles: (record.roles as string[] | null) ?? [], record };
  }
  return { type: 'enduser', id: claims.sub, businessId: claims.businessId, organizationIds, record };
};

/** Registers the JWT strategy on a passport instance of this app's own (no global state between apps). */
export const createPassport = (dataSource: DataSource, secret: string) => {
  const instance = new passport.Passport();
  instance.use(
    new JwtStrategy(
      { jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: secret, algorithms: ['HS256'] },
      (claims: TokenClaims, done: (error: unknown, caller?: Caller | false) => void) => {
        loadCaller(dataSource, claims).then((caller) => done(null, caller ?? false), done);
      },
    ),
  );
  return instance;
};

const hasBearerToken = (header: string | undefined) => {
  const token = header?.match(/^Bearer\s+(.*)$/i)?.[1]?.trim();
  return !!token && token !== 'undefined' && token !== 'null';
};

/**
 * Resolves `req.caller` when a usable token is present. Public calls arrive with an empty Bearer
 * header (and sometimes a stale token), so an absent or invalid token only leaves the caller
 * anonymous; routes that need a caller answer 401 themselves.
 */
export const identifyCaller =
  (instance: passport.Authenticator): RequestHandler =>
  (req, res, next) => {
    if (!hasBearerToken(req.headers.authorization)) return next();
    instance.authenticate('jwt', { session: false }, (error: unknown, caller: Caller | false) => {
      if (error) return next(error);
      if (caller) req.caller = caller;
      next();
    })(req, res, next);
  };
