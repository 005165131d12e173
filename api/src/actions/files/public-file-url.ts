import { notFound } from '../../errors';
import { defineAction } from '../action';
import { Required } from '../input';
import { downloadLinkFor, secureNameText } from './file-links';

class PublicFileInput {
  @Required(secureNameText, { type: 'string', minLength: 1 })
  secureName!: string;
}

/**
 * GET /public-file-URL: a download link for a file its organization made public (publicRead), for
 * anyone: the portal's logo, favicon and graphics show before anyone signs in (docs/contract/portal.md#calls:
 * public files open by a public address). Any other file is not found, as if it did not exist.
 */
export const publicFileUrl = defineAction({
  method: 'get',
  path: '/public-file-URL',
  auth: 'public',
  input: PublicFileInput,
  handler: async ({ services, req }, { secureName }) => {
    // raw SQL: a public file is read before any tenant is known; only files marked publicRead answer.
    const file = await services.dataSource.getRepository('files').findOne({ where: { secureName, publicRead: true } });
    if (!file) throw notFound();
    const downloadURL = await downloadLinkFor(services, req, secureName, file.name as string);
    return { downloadURL, name: file.name, type: file.type };
  },
});
