import type { TokenClaims } from './tokens';

/**
 * Every kind of credential the api accepts, and what each opens on each channel: the one place HTTP
 * (passport.ts) and both socket channels (realtime/session.ts) decide from, so a channel cannot forget
 * a kind (docs/decisions.md "Every kind of token declares what it opens"). A socket carries every
 * change the account may read, so a kind opens a socket channel whole or not at all; a kind that
 * exists for a few calls lists them and opens no socket.
 */
export type Channel = 'http' | 'socket.io' | 'graphql-ws';
export type SocketChannel = Exclude<Channel, 'http'>;

/** One HTTP call, as `METHOD /path` without /v1, lower case path (the form `callOf` makes). */
export type Call = `${'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'} /${string}`;

export interface TokenKind {
  /**
   * How a presented credential is known to be of this kind: the `API_KEY` header, or a session token
   * of this account type carrying this marker claim (no marker: carrying none of the kinds' markers).
   */
  carried: { header: 'API_KEY' } | { session: TokenClaims['type']; marker?: keyof TokenClaims };
  /** What it opens: absent, nothing on that channel. */
  opens: { http?: 'every call' | readonly Call[]; 'socket.io'?: 'every change'; 'graphql-ws'?: 'every change' };
}

const EVERYWHERE = { http: 'every call', 'socket.io': 'every change', 'graphql-ws': 'every change' } as const;

export const TOKEN_KINDS = {
  'staff session': { carried: { session: 'user' }, opens: EVERYWHERE },
  'enduser session': { carried: { session: 'enduser' }, opens: EVERYWHERE },
  // Sent as a header on each request: there is no socket handshake that carries it.
  'API key': { carried: { header: 'API_KEY' }, opens: { http: 'every call' } },
  // Issued to whoever knows an email, so it must never open that patient's records or live feed.
  'public booking session': {
    carried: { session: 'enduser', marker: 'bk' },
    opens: { http: ['GET /calendar-availability', 'POST /book-appointment', 'GET /details-for-appointment-booking-page', 'POST /join-waitlist', 'POST /refresh-enduser-session'] },
  },
  // The same: it fills its one form response (form-access.ts checks which) and uploads that response's files.
  'public form session': {
    carried: { session: 'enduser', marker: 'fr' },
    opens: {
      http: [
        'GET /form-info-for-access-code',
        'PATCH /save-field-response',
        'PATCH /submit-form-response',
        'POST /prepare-file-upload',
        'POST /files/confirm-upload',
        'POST /refresh-enduser-session',
      ],
    },
  },
  // A password was right but the account asks for a second factor: only the code's calls (docs/contract/access.md#second-factor).
  'MFA-pending staff session': {
    carried: { session: 'user', marker: 'mf' },
    opens: { http: ['POST /users/generate-mfa-challenge', 'POST /users/submit-mfa-challenge'] },
  },
  'MFA-pending enduser session': {
    carried: { session: 'enduser', marker: 'mf' },
    opens: { http: ['POST /endusers/generate-mfa-challenge', 'POST /endusers/submit-mfa-challenge'] },
  },
  // Traded once for an ordinary session, which ends the link.
  'one-time login link': { carried: { session: 'enduser', marker: 'll' }, opens: { http: ['POST /refresh-enduser-session'] } },
} as const satisfies Record<string, TokenKind>;

export type TokenKindName = keyof typeof TOKEN_KINDS;

const KIND_NAMES = Object.keys(TOKEN_KINDS) as TokenKindName[];
const kindOf = (name: TokenKindName): TokenKind => TOKEN_KINDS[name];

/** Every marker claim some kind is known by. */
const MARKERS = [
  ...new Set(
    KIND_NAMES.flatMap((name) => {
      const carried = kindOf(name).carried;
      return 'marker' in carried && carried.marker ? [carried.marker] : [];
    }),
  ),
];

/**
 * The kind of a verified session token: the one kind of its account type whose marker it carries,
 * or the plain session when it carries none. Two markers at once, or none that fits, is no kind.
 */
export const kindOfClaims = (claims: TokenClaims): TokenKindName | undefined => {
  const present = MARKERS.filter((marker) => claims[marker] !== undefined && claims[marker] !== null);
  const fitting = KIND_NAMES.filter((name) => {
    const carried = kindOf(name).carried;
    if (!('session' in carried) || carried.session !== claims.type) return false;
    return carried.marker ? present.length === 1 && present[0] === carried.marker : present.length === 0;
  });
  return fitting.length === 1 ? fitting[0] : undefined;
};

/** An HTTP request as a `Call`: method upper case, path lower case without /v1 or a trailing slash (the routes answer every such spelling alike). */
export const callOf = (method: string, path: string) => `${method.toUpperCase()} ${path.toLowerCase().replace(/\/+$/, '').replace(/^\/v1(?=\/)/, '')}`;

/** Whether a credential of this kind is accepted for this HTTP call. */
export const opensCall = (kind: TokenKindName, method: string, path: string) => {
  const http = kindOf(kind).opens.http;
  if (!http) return false;
  return http === 'every call' || (http as readonly string[]).includes(callOf(method, path));
};

/** Whether a credential of this kind may open a socket on this channel. */
export const opensSocket = (kind: TokenKindName, channel: SocketChannel) => kindOf(kind).opens[channel] === 'every change';
