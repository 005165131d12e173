import type { Page } from 'playwright-core';
import { en } from '../../web/app/i18n/catalogue/en';
import { es } from '../../web/app/i18n/catalogue/es';
import { E_SIGNATURE_TERMS, PRIVACY_POLICY, TERMS_OF_SERVICE, type LegalDocument } from '../../web/app/components/LegalDocuments';

/**
 * Finding English on a page meant to be in Spanish (issue #38: "a test walks every route in
 * Spanish and fails on any text left in English"). Two nets: every text of the English catalogue
 * (a screen that forgot to translate a key it has), and common English words that are not also
 * Spanish words (a screen with a literal nobody put in the catalogue yet).
 */

/**
 * Common English words that are never Spanish words. Words spelled the same in both languages
 * ('no', 'me', 'final', 'error', 'general', 'email', 'plan', 'chat', 'video', 'portal', 'avatar', 'complete') are left out, so a Spanish sentence never
 * matches.
 */
export const ENGLISH_ONLY_WORDS = new Set(
  `the your you yours and with for from into about after before this that these those there here what when where which who whom whose why how
 is are was were be been being have had will would can could should must may might shall not don't can't won't isn't it's you're we're
 we our ours us my mine they their them she his her its it of to in on at by or if than then also only just still yet again already
 sign signed signing log login logout back next previous submit submitted message messages appointment appointments book booked booking
 upcoming past save saved saving cancel cancelled canceled settings home documents document file files upload uploaded download form forms
 please click select choose chosen continue confirm confirmed loading loaded welcome hello account password reset forgot code send sent
 view edit delete remove add search show hide more less today tomorrow yesterday day days week weeks month months year years time times
 date name first last phone number address invalid required valid success successfully failed try go page found not care team
 events event call join leave start started end ended waiting room post posts comment comments like likes reply share shared content
 library education community unread read mark new profile language unsubscribe unsubscribed privacy policy terms service signature
 agree available unavailable open opened close closed minute minutes hour hours am pm monday tuesday wednesday thursday friday saturday
 sunday january february march april june july august september october november december yes none nothing something everything
 questionnaire question questions answer answers response responses outstanding awaiting pending completed incomplete
 enter type choose location zone calendar patient patients staff member members care provider nurse visit visits
 there's let's here's thank thanks sorry menu navigation expand collapse notification notifications photo image picture
 skip done finish finished waitlist earliest latest held hold link links expired invalid already moved another other others`.split(/\s+/).filter(Boolean),
);

type Texts = { [key: string]: string | Texts };

/** Every English text of the catalogue whose Spanish differs (identical ones are names or neutral marks). */
const catalogueTexts = (english: Texts, spanish: Texts | undefined, path: string[] = []): { key: string; text: string }[] =>
  Object.entries(english).flatMap(([key, value]) => {
    const other = spanish?.[key];
    if (typeof value === 'string') return value === other ? [] : [{ key: [...path, key].join('.'), text: value }];
    return catalogueTexts(value, typeof other === 'object' ? other : undefined, [...path, key]);
  });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The catalogue's English texts as patterns: {{placeholders}} match anything, and a text must stand
 * on its own (not inside a longer word). Texts under five letters are left to the word list.
 */
export const ENGLISH_CATALOGUE = catalogueTexts(en as unknown as Texts, es as unknown as Texts)
  .map(({ key, text }) => ({ key, text, literal: text.replace(/\{\{[^}]+\}\}/g, '').replace(/[^A-Za-z]/g, '') }))
  .filter(({ literal }) => literal.length >= 5)
  .map(({ key, text }) => ({
    key,
    text,
    // Bounded by anything but a letter of any alphabet: 'Cancel' is not in 'Canceló'.
    pattern: new RegExp(`(^|[^\\p{L}])${text.split(/\{\{[^}]+\}\}/).map(escape).join('.+?')}($|[^\\p{L}])`, 'u'),
  }));

/** The legal pages' own text, which stays in English by design (the page carries a note in the patient's language). */
const legalTexts = (document: LegalDocument) => [document.title, ...document.intro, ...document.sections.flatMap((section) => [section.heading, ...section.paragraphs])];
export const LEGAL_BODY = [TERMS_OF_SERVICE, PRIVACY_POLICY, E_SIGNATURE_TERMS].flatMap(legalTexts);

/**
 * What a person perceives of the page, one piece per line or attribute: the document's title, the
 * visible text, and every aria-label, placeholder, title and alt attribute.
 */
export const perceivedPieces = (page: Page) =>
  page.evaluate<string[]>(`(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap((element) =>
      ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) || ''));
    return [document.title, ...document.body.innerText.split('\\n'), ...attributes].map((piece) => piece.trim()).filter(Boolean);
  })()`);

export interface EnglishFinding {
  text: string;
  why: string;
}

/**
 * The English left in `pieces`, once the clinic's own data (`seeded`: names, titles and texts it
 * typed) and, on a legal page, the legal body are taken out.
 */
export const englishIn = (pieces: string[], options: { seeded: readonly string[]; legal?: boolean }): EnglishFinding[] => {
  const removable = [...options.seeded, ...(options.legal ? LEGAL_BODY : [])].filter(Boolean).sort((a, b) => b.length - a.length);
  const findings: EnglishFinding[] = [];
  for (const piece of new Set(pieces)) {
    let rest = piece;
    for (const known of removable) rest = rest.split(known).join(' ');
    const catalogue = ENGLISH_CATALOGUE.find(({ pattern }) => pattern.test(rest));
    if (catalogue) {
      findings.push({ text: piece, why: `English catalogue text ${catalogue.key}: "${catalogue.text}"` });
      continue;
    }
    const words = (rest.toLowerCase().match(/[a-zà-ÿ']+/g) ?? []).map((word) => word.replace(/^'+|'+$/g, ''));
    const english = [...new Set(words.filter((word) => ENGLISH_ONLY_WORDS.has(word)))];
    if (english.length) findings.push({ text: piece, why: `English words: ${english.join(', ')}` });
  }
  return findings;
};
