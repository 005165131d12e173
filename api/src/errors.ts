import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError, UNAUTHENTICATED, UNIQUENESS_VIOLATION } from '@carelane/engine';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './http/database-unavailable';

// The error type and its helpers live with the engine (@carelane/engine); the express handlers stay here.
export {
  ApiError,
  badRequest,
  conflict,
  fieldError,
  forbidden,
  FORBIDDEN,
  notFound,
  NOT_FOUND,
  unauthenticated,
  UNAUTHENTICATED,
  UNIQUENESS_VIOLATION,
} from '@carelane/engine';

const PG_UNIQUE_VIOLATION = '23505';
const PG_INVALID_TEXT = '22P02';
const PG_STACK_DEPTH = '54001';
const PG_STATEMENT_TOO_COMPLEX = '54000';
export const TOO_DEEP = 'Value is nested too deeply';

export const notFoundRoute: RequestHandler = (req, res) => {
  res.status(404).json({ message: `Unknown route: ${req.method} ${req.path}`, info: {}, code: 404 });
};

export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof ApiError) {
    if (error.status === 401 && error.message === UNAUTHENTICATED) {
      res.status(401).type('text/plain').send(UNAUTHENTICATED);
      return;
    }
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter));
    res.status(error.status).json({ message: error.message, info: error.info, code: error.code });
    return;
  }
  // body-parser errors: oversized and malformed bodies are the client's mistake, never a 500.
  if (error?.type === 'entity.too.large') {
    res.status(413).json({ message: 'Please try again with less data or a smaller file.', info: {}, code: 413 });
    return;
  }
  if (error?.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'Request body is not valid JSON', info: {}, code: 400 });
    return;
  }
  if (error?.type === 'charset.unsupported' || error?.type === 'encoding.unsupported') {
    res.status(415).json({ message: 'Unsupported charset or content encoding: send UTF-8 JSON', info: {}, code: 415 });
    return;
  }
  // Any other body-parser refusal (request aborted, wrong length ...): its own 4xx, never the input back.
  if (typeof error?.type === 'string' && typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
    res.status(error.status).json({ message: 'Request body could not be read', info: {}, code: error.status });
    return;
  }
  // A value nested deeper than anything can handle (JSON thousands of levels deep).
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    res.status(400).json({ message: TOO_DEEP, info: {}, code: 400 });
    return;
  }
  const driverCode = error?.driverError?.code ?? error?.code;
  if (driverCode === PG_UNIQUE_VIOLATION) {
    res.status(400).json({ message: UNIQUENESS_VIOLATION, info: {}, code: 400 });
    return;
  }
  if (driverCode === PG_STACK_DEPTH || driverCode === PG_STATEMENT_TOO_COMPLEX) {
    res.status(400).json({ message: TOO_DEEP, info: {}, code: 400 });
    return;
  }
  // Class 22 (data exception): a NUL byte, a malformed date, an out-of-range number ... in a value.
  if (driverCode === PG_INVALID_TEXT || (typeof driverCode === 'string' && driverCode.startsWith('22'))) {
    res.status(400).json({ message: 'Invalid value in request', info: {}, code: 400 });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    res.status(503).set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).json({ message: DATABASE_UNAVAILABLE, info: {}, code: 503 });
    return;
  }
  console.error('Unexpected error', error);
  res.status(500).json({ message: 'Internal server error', info: {}, code: 500 });
};
