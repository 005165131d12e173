import { FieldError } from '@carelane/db';

/**
 * The one error type of the api and the engine. Handlers throw it; one middleware (api/src/errors.ts) turns it into a response with a
 * JSON body `{ message, info, code }` carrying the spec's exact text. A 401 body is the plain string
 * `Unauthenticated`, because that is what makes the reference client clear its session.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly info: Record<string, unknown> = {},
    readonly code = status,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const UNAUTHENTICATED = 'Unauthenticated';
export const NOT_FOUND = 'Could not find a record for the given id';
export const FORBIDDEN = 'You do not have access to this resource';
export const UNIQUENESS_VIOLATION = 'Uniqueness Violation';

export const badRequest = (message: string, info?: Record<string, unknown>) => new ApiError(400, message, info);
export const unauthenticated = () => new ApiError(401, UNAUTHENTICATED);
export const forbidden = (message = FORBIDDEN) => new ApiError(403, message);
export const notFound = (message = NOT_FOUND) => new ApiError(404, message);
export const conflict = (message = UNIQUENESS_VIOLATION) => new ApiError(400, message);

/** Wraps a field rule failure with the prefix the reference client shows. */
export const fieldError = (field: string, error: unknown) =>
  error instanceof FieldError ? badRequest(`Error parsing field ${field}: ${error.message}`, { field }) : error;
