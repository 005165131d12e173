/** Texts every portal screen may use (the language's own words for shared things). */
export default {
  languageName: 'English',
  legalEnglishOnly: 'This page is available in English only.',
} as const;
