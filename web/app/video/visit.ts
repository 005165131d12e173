/**
 * The host may mark the patient a no-show this many minutes after the start time, when the patient
 * has not joined (docs/decisions.md, "Video visits: no-show after 10 minutes").
 */
export const NO_SHOW_AFTER_MINUTES = 10;

export type VisitState = 'scheduled' | 'live' | 'ended' | 'cancelled' | 'no-show';
