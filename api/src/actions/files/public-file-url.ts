import { badRequest, notFound } from '../../errors';
import { defineAction } from '../action';
import { Required } from '../input';
import { apiBaseUrl, DOWNLOAD_LINK_SECONDS, downloadLinkIssuedAt } from './file-links';

const secureNameText = (value: unknown) => {
  if (typeof value !== 'string' || !value) throw badRequest('Value not provided for required field: secureName');
  return value;
};

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
    const downloadURL = await services.storage.downloadUrl({
      key: secureName,
      filename: file.name as string,
      expiresInSeconds: DOWNLOAD_LINK_SECONDS,
      apiBaseUrl: apiBaseUrl(services, req),
      issuedAt: downloadLinkIssuedAt(),
    });
    return { downloadURL, name: file.name, type: file.type };
  },
});
