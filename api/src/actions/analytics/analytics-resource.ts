import type { ANALYTICS_RESOURCES } from '@carelane/db/validation/organization-validators';

/** A resource analytics can count; in a file of its own so input.ts and filters.ts both import it without importing each other. */
export type AnalyticsResource = (typeof ANALYTICS_RESOURCES)[number];
