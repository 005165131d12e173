import { superbills, validators as v } from '@carelane/db';
import { badRequest } from '../../errors';
import { FileAnswer, defineAction } from '../action';
import { renderSuperbillPdf, type SuperbillRecord } from './superbill-pdf';
import { NoInput } from '../input';

/**
 * GET /superbills/:id/pdf: the superbill as a PDF. Read through the engine, so the caller's access
 * to superbills (staff-only by default) and tenant apply as for reading it as JSON.
 */
export const downloadSuperbill = defineAction({
  method: 'get',
  path: '/superbills/:id/pdf',
  auth: 'user',
  input: NoInput,
  handler: async ({ services, caller, req }) => {
    let id: string;
    try {
      id = v.id(req.params.id);
    } catch {
      throw badRequest('Error parsing field id: Invalid id', { field: 'id' });
    }
    const superbill = (await services.engine.getOne(superbills, caller, id)) as unknown as SuperbillRecord;
    return new FileAnswer('application/pdf', `superbill-${id}.pdf`, await renderSuperbillPdf(superbill));
  },
});
