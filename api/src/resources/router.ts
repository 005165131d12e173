import { Router, type Request } from 'express';
import { isId, pluralPath, RESOURCES, singularPath, type Operation, type ResourceDefinition } from '@carelane/db';
import type { Caller } from '../auth/caller';
import { ApiError, badRequest, forbidden, unauthenticated } from '../errors';
import type { ResourceEngine } from '@carelane/engine';
import { parseListQuery } from './list-query';

const requireCaller = (req: Request): Caller => {
  if (!req.caller) throw unauthenticated();
  // A public form session fills its form through the form calls only.
  if (req.caller.type === 'enduser' && req.caller.formResponseId) throw forbidden();
  return req.caller;
};

/** The reference client's answer for an operation a resource offers nobody through the generic calls. */
export const ACTION_NOT_ALLOWED = 'This action is not allowed';

/**
 * An operation no kind of caller may make through the generic calls (user logs are never written,
 * organizations are made by create-suborganization ...) is refused first, whatever the payload or id.
 */
const requireOffered = (req: Request, definition: ResourceDefinition, operation: Operation) => {
  requireCaller(req);
  const offered = Object.values(definition.access ?? {}).some((operations) => operations?.includes(operation));
  if (!offered) throw new ApiError(403, ACTION_NOT_ALLOWED);
};

const requireId = (raw: string) => {
  if (!isId(raw)) throw badRequest('Error parsing field id: Invalid id');
  return raw.toLowerCase();
};

/** The generic calls of docs/contract/api.md#generic-calls for every resource, at the paths the reference client uses. */
export const resourceRouter = (engine: ResourceEngine) => {
  const router = Router();
  for (const definition of RESOURCES) {
    const plural = `/${pluralPath(definition)}`;
    const single = `/${singularPath(definition)}`;

    router.get(plural, async (req, res) => {
      const options = parseListQuery(req.query);
      // A search where nothing is searchable (user_logs ...) is refused, not answered with everything.
      if (options.search && !Object.values(definition.fields).some((field) => field.searchable)) {
        throw badRequest(`Error parsing field search: ${definition.name} cannot be searched`);
      }
      // returnCount: the number of matching records the caller may see, as { count } (the console's counters).
      if (options.returnCount) return void res.json(await engine.count(definition, requireCaller(req), options));
      res.type('json').send(await engine.getSomeJson(definition, requireCaller(req), options));
    });
    router.post(`${plural}/bulk-read`, async (req, res) => {
      const ids = req.body?.ids;
      if (!Array.isArray(ids)) throw badRequest('Error parsing field ids: Expecting a list');
      if (ids.length > 1000) throw badRequest('Error parsing field ids: Arrays should not contain more than 1000 elements');
      // The records as the list call answers them (the JSON PostgreSQL builds): up to a thousand names at once.
      const matches = await engine.getByIdsJson(definition, requireCaller(req), ids.map(requireId));
      res.type('json').send(`{"matches":${matches}}`);
    });
    router.post(plural, async (req, res) => {
      requireOffered(req, definition, 'create');
      res.json(await engine.createSome(definition, requireCaller(req), req.body?.create));
    });
    router.post(single, async (req, res) => {
      requireOffered(req, definition, 'create');
      res.json(await engine.createOne(definition, requireCaller(req), req.body));
    });
    router.get(`${single}/:id`, async (req, res) => {
      res.type('json').send(await engine.getOneJson(definition, requireCaller(req), requireId(String(req.params.id))));
    });
    router.get(single, async (req, res) => {
      const { filter } = parseListQuery({ filter: req.query.filter, mdbFilter: req.query.mdbFilter });
      res.json(await engine.getFirst(definition, requireCaller(req), filter ?? {}));
    });
    router.patch(`${single}/:id`, async (req, res) => {
      requireOffered(req, definition, 'update');
      const caller = requireCaller(req);
      res.json(await engine.updateOne(definition, caller, requireId(String(req.params.id)), req.body?.updates, req.body?.options ?? {}));
    });
    router.delete(`${single}/:id`, async (req, res) => {
      requireOffered(req, definition, 'delete');
      await engine.deleteOne(definition, requireCaller(req), requireId(String(req.params.id)));
      res.json({});
    });
  }
  return router;
};
