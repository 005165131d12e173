import { FALLBACK_LANGUAGE, type PortalLanguage } from '@carelane/automation';
import { useRouteLoaderData } from '@remix-run/react';
import type { RootLoaderData } from '../root-data';
import { intlLocale } from './locale';

/** The language the page is in (English on error screens that lost the root's data). */
export const useLanguage = (): PortalLanguage => useRouteLoaderData<RootLoaderData>('root')?.language ?? FALLBACK_LANGUAGE;

/** The Intl locale for dates and numbers on this page. */
export const useLocale = () => intlLocale(useLanguage());
