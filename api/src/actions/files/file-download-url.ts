import { files } from '@carelane/db';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { apiBaseUrl, DOWNLOAD_LINK_SECONDS } from './file-links';

/** GET /file-download-URL: an expiring link, only for callers who may read the file record. */
export const fileDownloadUrl = defineAction({
  method: 'get',
  path: '/file-download-URL',
  auth: 'any',
  handler: async ({ services, caller, req }, input) => {
    if (typeof input.secureName !== 'string' || !input.secureName) throw badRequest('Value not provided for required field: secureName');
    // Through the engine: tenant scope and the enduser's own-files rule apply as for any read.
    const file = await services.engine.getFirst(files, caller, { secureName: input.secureName });
    const downloadURL = await services.storage.downloadUrl({
      key: input.secureName,
      filename: file.name as string,
      expiresInSeconds: DOWNLOAD_LINK_SECONDS,
      apiBaseUrl: apiBaseUrl(services, req),
    });
    return { downloadURL, name: file.name };
  },
});
