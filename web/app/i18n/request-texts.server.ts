import { catalogueFor } from './catalogue.server';
import { requestLanguage } from './language.server';
import { translatorFor } from './translate.server';
import { requireOrganization } from '../organization.server';

/**
 * What a portal loader or action needs to answer in its visitor's language: the language, the
 * catalogue's t(), and the form rules' messages (validation.ts takes them as its last argument).
 */
export const requestTexts = async (request: Request) => {
  const language = await requestLanguage(request, await requireOrganization(request));
  return { language, t: translatorFor(language), validation: catalogueFor(language).validation };
};
