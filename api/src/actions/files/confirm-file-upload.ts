import { files, isId } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';

/** POST /files/confirm-upload: the client says its upload finished; the file must really be in storage. */
export const confirmFileUpload = defineAction({
  method: 'post',
  path: '/files/confirm-upload',
  auth: 'any',
  formSession: true,
  handler: async ({ services, caller }, input) => {
    if (!isId(input.id)) throw badRequest('Error parsing field id: Invalid id');
    const file = await services.engine.getOne(files, caller, input.id);
    if (!(await services.storage.exists(file.secureName as string))) throw badRequest('The file has not been uploaded');
    return {};
  },
});
