import type { Request } from 'express';
import type { Services } from '../action';

/** Download links last a day: within the spec's "at most 7 days", short enough that a leaked link soon dies. */
export const DOWNLOAD_LINK_SECONDS = 24 * 60 * 60;
export const UPLOAD_LINK_SECONDS = 60 * 60;

/**
 * Download links count as issued at the start of the current hour, so asking again within the hour
 * (staff or the enduser) answers the very same link, which clients and browsers cache; a link then
 * lives 23 to 24 hours.
 */
const LINK_WINDOW_MS = 60 * 60 * 1000;
export const downloadLinkIssuedAt = (now = Date.now()) => new Date(Math.floor(now / LINK_WINDOW_MS) * LINK_WINDOW_MS);

/** Where the caller reaches this api: configured, or the request's own scheme and host. */
export const apiBaseUrl = (services: Services, req: Request) => services.config.publicUrl ?? `${req.protocol}://${req.get('host')}`;
