/** The choices of the create-frame form (seeds 000 §3 analytics_frames), shared by the form and the server. */
export const ANALYTICS_RESOURCES = ['Endusers', 'Calendar Events', 'Form Responses', 'Purchases', 'Purchase Credits', 'Tickets'] as const;
export const INTERVALS = ['Total', 'Daily', 'Weekly', 'Monthly'] as const;
export const RANGE_KEYS = ['Created At', 'Updated At'] as const;
export const GROUPINGS = ['None', 'Gender', 'Assigned To', 'Field'] as const;

export const FRAME_FIELDS = ['title', 'query', 'createdRange', 'updatedRange'] as const;
export type FrameField = (typeof FRAME_FIELDS)[number] | 'field';
export type FrameFormState = { saved?: string; fieldErrors?: Partial<Record<FrameField, string>>; formError?: string };

