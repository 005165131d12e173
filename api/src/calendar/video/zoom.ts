import { ApiError } from '../../errors';

/** The settings the Zoom adapter needs (a Server-to-Server OAuth app): all three, or Zoom is off. */
export const ZOOM_SETTINGS = ['ZOOM_ACCOUNT_ID', 'ZOOM_CLIENT_ID', 'ZOOM_CLIENT_SECRET'] as const;

export const missingZoomSettings = (env: NodeJS.ProcessEnv = process.env) => ZOOM_SETTINGS.filter((name) => !env[name]);

/** 400 naming what is missing when Zoom is not configured. */
export const assertZoomConfigured = (env: NodeJS.ProcessEnv = process.env) => {
  const missing = missingZoomSettings(env);
  if (missing.length) throw new ApiError(400, `Zoom is not configured: set ${missing.join(', ')}`);
};
