import type { PortalLanguage } from '@carelane/automation';
import { en } from './catalogue/en';
import { es } from './catalogue/es';
import type { Catalogue } from './types';

/**
 * The portal's texts by language. Only the server holds every language: a page carries the one its
 * visitor reads, in the root's loader data (root.tsx), so no language is in the shipped JavaScript.
 */
const catalogues: Record<PortalLanguage, Catalogue> = { en, es: es as Catalogue };

export const catalogueFor = (language: PortalLanguage): Catalogue => catalogues[language];
