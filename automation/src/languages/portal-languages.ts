/**
 * The languages the portal, and the fixed parts of patients' emails and texts, are written in
 * (docs/decisions.md, "languages"). English is the fallback for anything else.
 */
export const PORTAL_LANGUAGES = ['en', 'es'] as const;
export type PortalLanguage = (typeof PORTAL_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: PortalLanguage = 'en';

/** Each language named in itself, as a patient picks it. */
export const LANGUAGE_NAMES: Record<PortalLanguage, string> = { en: 'English', es: 'Español' };

export const isPortalLanguage = (value: unknown): value is PortalLanguage =>
  typeof value === 'string' && (PORTAL_LANGUAGES as readonly string[]).includes(value);

/** The portal language of an ISO 639-1 code or a language tag ('es', 'es-MX', 'ES'), if it is one. */
export const portalLanguageOf = (tag: unknown): PortalLanguage | undefined => {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isPortalLanguage(primary) ? primary : undefined;
};

/** The first portal language a browser's Accept-Language header asks for, by its q weights. */
export const languageFromAcceptLanguage = (header: string | null | undefined): PortalLanguage | undefined => {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = portalLanguageOf(tag);
    if (language) return language;
  }
  return undefined;
};

/**
 * The language to speak to a patient: their own (`language.iso6391`), else the organization's
 * default, else what their browser asks for, else English.
 */
export const choosePortalLanguage = (sources: {
  enduserLanguage?: unknown;
  organizationDefault?: unknown;
  acceptLanguage?: string | null;
}): PortalLanguage => {
  const own = sources.enduserLanguage && typeof sources.enduserLanguage === 'object' ? (sources.enduserLanguage as { iso6391?: unknown }).iso6391 : sources.enduserLanguage;
  return portalLanguageOf(own) ?? portalLanguageOf(sources.organizationDefault) ?? languageFromAcceptLanguage(sources.acceptLanguage) ?? FALLBACK_LANGUAGE;
};
