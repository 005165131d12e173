import type en from './en';

/** The catalogue's shape: the English texts. */
export type PatientCatalogue = typeof en;

/** Another language's texts for an English shape: every key, each a string of its own (a missing key is a type error). */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
