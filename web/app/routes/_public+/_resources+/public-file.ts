import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError, callApi } from '../../../api.server';

/** Image types a public file may be served as from the portal's own address (never HTML or SVG, which could run script here). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/x-icon', 'image/vnd.microsoft.icon']);

const refused = (status: number, message: string) => new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * GET /public-file?secureName=…: an image its organization made public (the portal's logo, favicon
 * and graphics, uploaded in the staff app), streamed through the portal so it shows before anyone
 * signs in and the browser never needs the api's address.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const secureName = new URL(request.url).searchParams.get('secureName') ?? '';
  try {
    const file = await callApi<{ downloadURL: string; type?: string }>('/v1/public-file-URL', { query: { secureName } });
    const type = String(file.type ?? '').toLowerCase();
    if (!IMAGE_TYPES.has(type)) return refused(415, 'Only images are served here');
    const upstream = await fetch(file.downloadURL, { signal: AbortSignal.timeout(30_000) });
    if (!upstream.ok || !upstream.body) return refused(502, 'The file could not be downloaded');
    return new Response(upstream.body, {
      headers: {
        'Content-Type': type,
        // An upload gets a new secureName, so a short public cache never shows a stale logo for long.
        'Cache-Control': 'public, max-age=300',
        'Content-Disposition': 'inline',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return refused(error.status, error.message);
    return refused(502, 'The file could not be downloaded');
  }
};
