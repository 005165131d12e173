import { callApi } from '../api.server';
import { cookieSession, requireOnboardedEnduser, type Enduser } from '../session.server';
import { listRecords, type ApiRecord } from './resources.server';

/**
 * Answers shared by the loaders of one page load. The shell's loader and the page's loader run in
 * parallel for the same request but receive separate Request objects, so answers are keyed by the
 * kind of answer, the address and the visitor's cookies, and kept for a tenth of a second: the
 * loaders of one page load start within milliseconds of each other, and a later page load (even
 * of the same address) asks again. A rejected answer (an expired session's redirect) is dropped.
 * The kind of fetch (Sec-Fetch-Dest: a document, or a script's data request) is part of the key: a
 * page's live reload (its data request, started when a change was announced) and a new page load a
 * few milliseconds later both see the address /home, and the new page must not be drawn from the
 * answer read before the changes that followed (the shell walk caught page settings made meanwhile
 * missing from the next page).
 */
const SHARED_MS = 100;
const MAX_SHARED = 500;
const shared = new Map<string, { expires: number; value: Promise<unknown> }>();

const sharedPerVisitor = <T>(request: Request, kind: string, make: () => Promise<T>): Promise<T> => {
  const visitor = request.headers.get('Cookie') ?? '';
  if (request.method !== 'GET') {
    // Only reads share answers, and a visitor's write drops what they were shared, so the reload
    // that follows a form post sees the state it changed.
    for (const key of shared.keys()) if (key.endsWith(`\n${visitor}`)) shared.delete(key);
    return make();
  }
  const key = `${kind}\n${request.headers.get('Sec-Fetch-Dest') ?? ''}\n${request.url}\n${visitor}`;
  const now = Date.now();
  const hit = shared.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (shared.size >= MAX_SHARED) for (const [k, entry] of shared) if (entry.expires <= now) shared.delete(k);
  if (shared.size >= MAX_SHARED) shared.clear();
  const value = make();
  shared.set(key, { expires: now + SHARED_MS, value });
  value.catch(() => shared.delete(key));
  return value;
};

/** The signed-in enduser of a request (requireOnboardedEnduser), shared by the page load's loaders. */
export const signedInEnduser = (request: Request) => sharedPerVisitor(request, 'enduser', () => requireOnboardedEnduser(request));

/** Home's address: its shell loads Home's data with its own, in the same call. */
export const isHomePath = (pathname: string) => pathname === '/home' || pathname === '/home/';

/** What GET /v1/portal-bootstrap answers: the shell's data, and with `home` the default Home's. */
export interface PortalBootstrap {
  enduser: Enduser;
  portalCustomizations: ApiRecord[];
  chatRooms: ApiRecord[];
  /** null: that lookup failed, and the shell leaves its part out. */
  carePlans: ApiRecord[] | null;
  selfSchedulingTemplates: ApiRecord[] | null;
  liveMeetings: ApiRecord[] | null;
  outstandingForms?: ApiRecord[];
  events?: ApiRecord[];
}

/**
 * The signed-in shell's data (and with `home` the default Home's) in one api round trip, which
 * also checks the session (as requireOnboardedEnduser: a refused token goes to /login, a missing
 * name to onboarding). The shell and Home ask for the same one, so a Home load makes one call.
 */
export const portalBootstrap = (request: Request, home: boolean) =>
  sharedPerVisitor(request, home ? 'bootstrap-home' : 'bootstrap', async () => {
    let answer: PortalBootstrap | undefined;
    const { authToken, enduser } = await requireOnboardedEnduser(request, async (token) => {
      answer = await callApi<PortalBootstrap>('/v1/portal-bootstrap', { authToken: token, query: home ? { home: 'true' } : {} });
      return answer.enduser;
    });
    return { ...answer!, authToken, enduser };
  });

/** The enduser's display name (docs/contract/validation.md#display-names-and-text). */
export const displayNameOf = (person: { id?: string; fname?: unknown; lname?: unknown; displayName?: unknown; email?: unknown; phone?: unknown }) => {
  const clean = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '');
  const fname = clean(person.fname);
  const lname = clean(person.lname);
  if (fname && lname) return `${fname} ${lname}`;
  return fname || clean(person.displayName) || clean(person.email) || clean(person.phone) || `User ${person.id ?? ''}`;
};

