/** The choices of the create-frame form (analytics_frames, docs/contract/entities.md#data-portal-pages-and-analytics), shared by the form and the server. */
export const ANALYTICS_RESOURCES = ['Endusers', 'Calendar Events', 'Form Responses', 'Purchases', 'Purchase Credits', 'Tickets'] as const;
/** What staff read for each counted record type (the api's names are the values; ARCHITECTURE.md: no internal names on screen). */
export const RESOURCE_LABELS: Record<(typeof ANALYTICS_RESOURCES)[number], string> = {
  Endusers: 'Patients',
  'Calendar Events': 'Appointments',
  'Form Responses': 'Form responses',
  Purchases: 'Purchases',
  'Purchase Credits': 'Purchase credits',
  Tickets: 'Tasks',
};
export const resourceLabel = (resource: string) => RESOURCE_LABELS[resource as keyof typeof RESOURCE_LABELS] ?? resource;

export const INTERVALS = ['Total', 'Daily', 'Weekly', 'Monthly'] as const;
export const RANGE_KEYS = ['Created At', 'Updated At'] as const;
export const GROUPINGS = ['None', 'Gender', 'Assigned To', 'Field'] as const;

/** The words staff read for the api's interval, date and grouping names (the api's names stay the submitted values). */
const INTERVAL_LABELS: Record<string, string> = { Total: 'In all', Daily: 'Per day', Weekly: 'Per week', Monthly: 'Per month' };
const RANGE_KEY_LABELS: Record<string, string> = { 'Created At': 'Date created', 'Updated At': 'Date last changed', 'Submitted At': 'Date submitted', 'Closed At': 'Date closed' };
const GROUPING_LABELS: Record<string, string> = { None: 'Nothing', Gender: 'Gender', 'Assigned To': 'Care team member', Field: 'A patient field' };
export const intervalLabel = (interval: string) => INTERVAL_LABELS[interval] ?? interval;
export const rangeKeyLabel = (key: string) => RANGE_KEY_LABELS[key] ?? key;
export const groupingLabel = (grouping: string) => GROUPING_LABELS[grouping] ?? grouping;

export const FRAME_FIELDS = ['title', 'query', 'createdRange', 'updatedRange'] as const;
export type FrameField = (typeof FRAME_FIELDS)[number] | 'field';
export type FrameFormState = { saved?: string; fieldErrors?: Partial<Record<FrameField, string>>; formError?: string };

