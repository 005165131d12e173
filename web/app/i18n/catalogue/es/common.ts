import type { Translation } from '../../types';
import type en from '../en/common';

export default {
  languageName: 'Español',
  legalEnglishOnly: 'Esta página solo está disponible en inglés.',
} satisfies Translation<typeof en>;
