import { randomBytes } from 'node:crypto';
import { files } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { apiBaseUrl, UPLOAD_LINK_SECONDS } from './file-links';

const PREPARE_FIELDS = ['name', 'size', 'type', 'enduserId', 'publicRead', 'publicName', 'isCalledOut', 'externalId', 'source', 'hideFromEnduserPortal'];

/**
 * POST /prepare-file-upload: the file record plus a presigned upload limited to the declared size
 * and type. The storage key (secureName) is the business id and random characters: never built
 * from the file's name or anything else a caller sends.
 */
export const prepareFileUpload = defineAction({
  method: 'post',
  path: '/prepare-file-upload',
  auth: 'any',
  formSession: true,
  handler: async ({ services, caller, req }, input) => {
    const unknown = Object.keys(input).filter((key) => !PREPARE_FIELDS.includes(key));
    if (unknown.length) throw badRequest(`Got unexpected field(s) [${unknown.join(', ')}]`);
    if (input.publicRead !== undefined && typeof input.publicRead !== 'boolean') throw badRequest('Error parsing field publicRead: Invalid boolean');
    if (caller.type === 'enduser' && input.publicRead) throw badRequest('Endusers cannot upload public files');
    const secureName = `${caller.businessId}/${randomBytes(18).toString('base64url')}`;
    const file = await services.engine.createOne(
      files,
      caller,
      { name: input.name, size: input.size, type: input.type, enduserId: input.enduserId, externalId: input.externalId, hideFromEnduserPortal: input.hideFromEnduserPortal },
      { secureName, publicRead: input.publicRead === true },
    );
    const presignedUpload = await services.storage.presignUpload({
      key: secureName,
      contentType: file.type as string,
      maxBytes: file.size as number,
      expiresInSeconds: UPLOAD_LINK_SECONDS,
      apiBaseUrl: apiBaseUrl(services, req),
    });
    return { presignedUpload, file };
  },
});
