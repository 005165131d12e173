import { randomBytes } from 'node:crypto';
import { fail, files } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { CheckedByHandler, Optional, RefuseUnknownFields, S } from '../input';
import { apiBaseUrl, UPLOAD_LINK_SECONDS } from './file-links';

const strictBoolean = (value: unknown) => (typeof value === 'boolean' ? value : fail('Invalid boolean'));

/** The file record's fields are checked by the files definition when the engine creates it. */
@RefuseUnknownFields()
class PrepareFileUploadInput {
  @CheckedByHandler(S.string(250), { required: true })
  name!: unknown;

  @CheckedByHandler(S.number(0, 25_000_000), { required: true })
  size!: unknown;

  @CheckedByHandler({ type: 'string', description: 'MIME type' }, { required: true })
  type!: unknown;

  @CheckedByHandler(S.id)
  enduserId?: unknown;

  @Optional(strictBoolean, S.boolean)
  publicRead?: boolean;

  // Accepted from the reference client, not stored.
  @CheckedByHandler({ type: 'string' })
  publicName?: unknown;

  @CheckedByHandler(S.boolean)
  isCalledOut?: unknown;

  @CheckedByHandler(S.string(250))
  externalId?: unknown;

  @CheckedByHandler({ type: 'string' })
  source?: unknown;

  @CheckedByHandler(S.boolean)
  hideFromEnduserPortal?: unknown;
}

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
  input: PrepareFileUploadInput,
  handler: async ({ services, caller, req }, input) => {
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
