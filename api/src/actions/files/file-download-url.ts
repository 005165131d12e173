import { files } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { Required } from '../input';
import { apiBaseUrl, DOWNLOAD_LINK_SECONDS, downloadLinkIssuedAt } from './file-links';

/** Anything but a non-empty string is no secureName (the message carries no field info, as before). */
const secureNameText = (value: unknown) => {
  if (typeof value !== 'string' || !value) throw badRequest('Value not provided for required field: secureName');
  return value;
};

class DownloadUrlInput {
  @Required(secureNameText, { type: 'string', minLength: 1 })
  secureName!: string;
}

/** GET /file-download-URL: an expiring link, only for callers who may read the file record. */
export const fileDownloadUrl = defineAction({
  method: 'get',
  path: '/file-download-URL',
  auth: 'any',
  input: DownloadUrlInput,
  handler: async ({ services, caller, req }, { secureName }) => {
    // Through the engine: tenant scope and the enduser's own-files rule apply as for any read.
    const file = await services.engine.getFirst(files, caller, { secureName: secureName });
    const downloadURL = await services.storage.downloadUrl({
      key: secureName,
      filename: file.name as string,
      expiresInSeconds: DOWNLOAD_LINK_SECONDS,
      apiBaseUrl: apiBaseUrl(services, req),
      issuedAt: downloadLinkIssuedAt(),
    });
    return { downloadURL, name: file.name };
  },
});
