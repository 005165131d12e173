import links from '../i18n/catalogue/en/patientLinks';

export type ApiMessageKey = keyof typeof links.api;

const KEY_OF_TEXT = new Map(Object.entries(links.api).map(([key, text]) => [text as string, key as ApiMessageKey]));

/**
 * The catalogue's key for a sentence the api answers in English (a booking or link refusal), so a
 * page can say it in its patient's language; undefined for any other message (shown as it is).
 */
export const apiMessageKey = (message: string) => KEY_OF_TEXT.get(message);
