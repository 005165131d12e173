import type { RequestHandler } from 'express';

/**
 * The reference client sends some calls with a double slash (`/v1//organization-theme`); collapse
 * repeated slashes in the path (never in the query string) before routing.
 */
export const normalizePath: RequestHandler = (req, _res, next) => {
  const queryStart = req.url.indexOf('?');
  const path = queryStart === -1 ? req.url : req.url.slice(0, queryStart);
  const rest = queryStart === -1 ? '' : req.url.slice(queryStart);
  const collapsed = path.replace(/\/{2,}/g, '/');
  if (collapsed !== path) req.url = collapsed + rest;
  next();
};
