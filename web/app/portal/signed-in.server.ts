import { requireOnboardedEnduser, type Enduser } from '../session.server';

/**
 * The signed-in enduser of a request, fetched once: the shell's loader and the page's loader run
 * for the same request and both need it, so the first call's promise is kept for the request.
 */
const perRequest = new WeakMap<Request, Promise<{ authToken: string; enduser: Enduser }>>();

export const signedInEnduser = (request: Request) => {
  let signedIn = perRequest.get(request);
  if (!signedIn) {
    signedIn = requireOnboardedEnduser(request);
    perRequest.set(request, signedIn);
  }
  return signedIn;
};

/** The enduser's display name (000 display-name rule, 002 §5). */
export const displayNameOf = (person: { id?: string; fname?: unknown; lname?: unknown; displayName?: unknown; email?: unknown; phone?: unknown }) => {
  const clean = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '');
  const fname = clean(person.fname);
  const lname = clean(person.lname);
  if (fname && lname) return `${fname} ${lname}`;
  return fname || clean(person.displayName) || clean(person.email) || clean(person.phone) || `User ${person.id ?? ''}`;
};
