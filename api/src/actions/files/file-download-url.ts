import { files } from '@carelane/db';
import { defineAction } from '../action';
import { Required } from '../input';
import { downloadLinkFor, secureNameText } from './file-links';

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
    const downloadURL = await downloadLinkFor(services, req, secureName, file.name as string);
    return { downloadURL, name: file.name };
  },
});
