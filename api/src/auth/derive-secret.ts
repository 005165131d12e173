import { createHmac } from 'node:crypto';

/** A key for one purpose derived from the api's secret, so a leak of one signature type reveals no other. */
export const deriveSecret = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url');
