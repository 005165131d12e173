/**
 * The IANA time zones this runtime knows (Intl.supportedValuesOf('timeZone'), plus UTC, which some
 * runtimes leave out), each with its current short name so "New York" and "EST" both find it.
 */
let cached: { value: string; label: string }[] | undefined;

const shortName = (zone: string) => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
};

export const zoneLabel = (zone: string) => {
  const short = shortName(zone);
  const place = zone.replace(/_/g, ' ');
  return short && short !== zone ? `${place} (${short})` : place;
};

export const timeZoneOptions = () => {
  if (cached) return cached;
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  cached = [...new Set([...zones, 'UTC'])].map((value) => ({ value, label: zoneLabel(value) }));
  return cached;
};
