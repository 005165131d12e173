/** What a card of Settings > Organization hears back (its own file: the cards' server modules share it). */
export type OrganizationState = {
  intent?: string;
  saved?: string;
  error?: string;
  fieldErrors?: Partial<Record<'name' | 'subdomain' | 'enduserDisplayName' | 'timezone' | 'defaultLanguage', string>>;
  /** The Text messages card's refusals: a number, or a reply too long. */
  textingErrors?: Partial<Record<'phoneNumbers' | 'replies', string>>;
};
