import { config } from './config.server';

/**
 * A failed call to the Carelane API. `status` is the HTTP status, or 0 when the API could not be
 * reached at all; `message` is the server's own message when it sent one.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  get unauthenticated() {
    return this.status === 401;
  }
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  query?: Record<string, string>;
  body?: unknown;
  authToken?: string;
}

const REQUEST_TIMEOUT_MS = 15_000;

const parseBody = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const messageOf = (body: unknown, status: number) => {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return `The request failed with status ${status}`;
};

/** Calls the API; resolves with the parsed JSON body, or rejects with an ApiError. */
export const callApi = async <T>(path: string, options: CallOptions = {}): Promise<T> => {
  const url = new URL(`${config.apiUrl}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.authToken) headers.Authorization = `Bearer ${options.authToken}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, `The API could not be reached (${reason})`);
  }
  const body = parseBody(await response.text());
  if (!response.ok) throw new ApiError(response.status, messageOf(body, response.status));
  return body as T;
};

/**
 * The message to show under a form for a failed call: the server's message, or the generic text of
 * the contract (docs/contract/portal.md#login) when there is none or the API could not be reached.
 */
export const UNKNOWN_ERROR = 'An unknown error occurred';

export const formErrorMessage = (error: unknown) => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  console.error(error);
  return UNKNOWN_ERROR;
};

/**
 * What a loader throws for a failed read: the api's refusal (403) becomes a 403 page with the api's
 * own message (web/app/components/RouteErrorBoundary.tsx shows it), rather than a server error; any
 * other failure is thrown on as it is.
 */
export const refusedPage = (error: unknown) =>
  error instanceof ApiError && error.status === 403 ? new Response(error.message, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }) : error;
