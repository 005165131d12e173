import type { PortalLanguage } from '@carelane/automation';
import { requestLanguage } from '../i18n/language.server';
import { linkPatientLanguage } from './link-language.server';
import { translatorFor } from '../i18n/translate.server';
import { requireOrganization } from '../organization.server';
import { apiMessageKey } from './api-messages';

/** The language of a public page's request, chosen as the root chooses it (root.tsx: a link's patient's, else i18n/language.server.ts). */
export const pageLanguage = async (request: Request): Promise<PortalLanguage> =>
  (await linkPatientLanguage(request)) ?? requestLanguage(request, await requireOrganization(request));

/** Texts a public page's loader or action computes, in that page's language. */
export const pageTexts = async (request: Request) => {
  const t = translatorFor(await pageLanguage(request));
  return {
    booking: (key: BookingServerText) => t(key, { ns: 'booking' }),
    link: (key: LinkServerText) => t(key, { ns: 'patientLinks' }),
    /** An api refusal in the page's language when it is one the catalogue knows; else as the api said it. */
    api: (message: string) => {
      const key = apiMessageKey(message);
      return key ? t(`api.${key}`, { ns: 'patientLinks' }) : message;
    },
  };
};
export type PageTexts = Awaited<ReturnType<typeof pageTexts>>;

type BookingServerText = 'noBusinessId' | 'noPageId' | 'unknownPage' | 'incompleteBooking' | 'waitlist.incomplete' | 'waitlist.fromRequired' | 'waitlist.toRequired' | 'waitlist.order';
type LinkServerText = 'missingToken';
