import { fail, files, isId } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { Required, S } from '../input';

class ConfirmUploadInput {
  /** Missing or malformed alike answer 'Error parsing field id: Invalid id'. */
  @Required((value) => (isId(value) ? value : fail('Invalid id')), S.id, { absentIsInvalid: true })
  id!: string;
}

/** POST /files/confirm-upload: the client says its upload finished; the file must really be in storage. */
export const confirmFileUpload = defineAction({
  method: 'post',
  path: '/files/confirm-upload',
  auth: 'any',
  formSession: true,
  input: ConfirmUploadInput,
  handler: async ({ services, caller }, input) => {
    const file = await services.engine.getOne(files, caller, input.id);
    if (!(await services.storage.exists(file.secureName as string))) throw badRequest('The file has not been uploaded');
    return {};
  },
});
