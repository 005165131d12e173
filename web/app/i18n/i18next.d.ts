import 'i18next';
import type { Catalogue } from './types';

// Keys passed to t() are checked against the English catalogue (a typo is a type error).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalogue;
  }
}
