import type { RequestHandler } from 'express';
import { badRequest, TOO_DEEP } from '../errors';

/** Deeper than any payload of the spec needs (form responses and journey steps stay under 10). */
export const MAX_DEPTH = 32;

/** Whether a parsed JSON value nests objects or lists more than `max` levels (iterative: no recursion to overflow). */
export const nestedTooDeep = (value: unknown, max = MAX_DEPTH) => {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
};

/** Refuses a JSON body nested deeper than MAX_DEPTH with a clear 400, before any validator walks it. */
export const limitBodyDepth: RequestHandler = (req, _res, next) => {
  if (nestedTooDeep(req.body)) return next(badRequest(TOO_DEEP));
  next();
};
