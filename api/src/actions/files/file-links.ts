import type { Request } from 'express';
import type { Services } from '../action';

/** Download links last a day: within the spec's "at most 7 days", short enough that a leaked link soon dies. */
export const DOWNLOAD_LINK_SECONDS = 24 * 60 * 60;
export const UPLOAD_LINK_SECONDS = 60 * 60;

/** Where the caller reaches this api: configured, or the request's own scheme and host. */
export const apiBaseUrl = (services: Services, req: Request) => services.config.publicUrl ?? `${req.protocol}://${req.get('host')}`;
