type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export const VIDEO_VISIT = 'Video visit';

/** Whether the appointment is held by video (the built-in call or an outside service). */
export const isVideoVisit = (event: Row) => event.enableVideoCall === true || (typeof event.videoIntegration === 'string' && event.videoIntegration !== 'No Integration');

/**
 * Where the appointment happens, as the patient reads it: 'Video visit', or the location's name and
 * address ('Main clinic, 1 Elm St, Springfield, IL 62701'), or the event's own location text.
 */
export const placeOf = (event: Row, location: Row | undefined) => {
  if (isVideoVisit(event)) return VIDEO_VISIT;
  const stateZip = [text(location?.state), text(location?.zipCode)].filter(Boolean).join(' ');
  const parts = [text(location?.title) ?? text(event.location), text(location?.address), text(location?.city), stateZip || undefined].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
};
