import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError, UNAUTHENTICATED, UNIQUENESS_VIOLATION } from '@carelane/engine';

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
  const driverCode = error?.driverError?.code ?? error?.code;
  if (driverCode === PG_UNIQUE_VIOLATION) {
    res.status(400).json({ message: UNIQUENESS_VIOLATION, info: {}, code: 400 });
    return;
  }
  if (driverCode === PG_INVALID_TEXT) {
    res.status(400).json({ message: 'Invalid value in request', info: {}, code: 400 });
    return;
  }
  console.error('Unexpected error', error);
  res.status(500).json({ message: 'Internal server error', info: {}, code: 500 });
};
