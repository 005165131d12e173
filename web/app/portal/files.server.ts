import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, MaxPartSizeExceededError } from '@remix-run/node';
import { ApiError, callApi } from '../api.server';
import type { ApiRecord } from './resources.server';

/** Largest file an enduser may upload through the portal (our limit; the spec gives none). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Largest avatar image. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** docs/contract/portal.md#errors. */
export const UPLOAD_FAILED = 'Failed to upload file';
export const FILE_TOO_LARGE = 'This file is too large (at most 25 MB)';

/**
 * Reads a multipart form post whose files are kept in memory up to `maxBytes` each; an oversize
 * part is an ApiError 413 with `tooLarge` as its message.
 */
export const readMultipart = async (request: Request, maxBytes: number, tooLarge = FILE_TOO_LARGE) => {
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: maxBytes }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new ApiError(413, tooLarge);
    throw error;
  }
};

/** A posted file input holding a file (browsers send an empty part when none was chosen). */
export const postedFile = (value: FormDataEntryValue | null): File | undefined =>
  value && typeof value === 'object' && 'arrayBuffer' in value && value.size > 0 ? (value as File) : undefined;

/**
 * Uploads a file for the enduser (docs/contract/api.md#files, portal.md#calls): prepare-file-upload makes the
 * record and a presigned target, the portal server posts the bytes there, then confirms. The
 * browser only ever talks to the portal.
 */
export const uploadFile = async (authToken: string, enduserId: string | undefined, file: File, extra: Record<string, unknown> = {}): Promise<ApiRecord> => {
  const type = file.type || 'application/octet-stream';
  const { presignedUpload, file: record } = await callApi<{ presignedUpload: { url: string; fields: Record<string, string> }; file: ApiRecord }>('/v1/prepare-file-upload', {
    method: 'POST',
    authToken,
    body: { name: file.name || 'file', size: file.size, type, enduserId, ...extra },
  });
  const body = new FormData();
  for (const [key, value] of Object.entries(presignedUpload.fields)) body.append(key, value);
  body.append('file', new Blob([await file.arrayBuffer()], { type }), file.name || 'file');
  const stored = await fetch(presignedUpload.url, { method: 'POST', body, signal: AbortSignal.timeout(60_000) }).catch(() => undefined);
  if (!stored || !stored.ok) throw new ApiError(stored?.status ?? 0, UPLOAD_FAILED);
  await callApi('/v1/files/confirm-upload', { method: 'POST', authToken, body: { id: record.id } });
  return record;
};

/** A fresh download link for a stored file (docs/contract/portal.md#documents), fetched and streamed back through the portal. */
export const downloadResponse = async (authToken: string, secureName: string, name: string, inline = false) => {
  const { downloadURL } = await callApi<{ downloadURL: string }>('/v1/file-download-URL', { authToken, query: { secureName } });
  const upstream = await fetch(downloadURL, { signal: AbortSignal.timeout(60_000) });
  if (!upstream.ok || !upstream.body) throw new ApiError(upstream.status, 'The file could not be downloaded');
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  for (const header of ['Content-Type', 'Content-Length']) {
    const value = upstream.headers.get(header);
    if (value) headers.set(header, value);
  }
  headers.set('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`);
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(upstream.body, { status: 200, headers });
};

/**
 * A content file by its record's id (content lists its files by id: docs/contract/portal.md#content),
 * shown inline; a file the caller may not read is a plain 404.
 */
export const contentFileResponse = async (authToken: string, fileId: string, name: string) => {
  try {
    const file = await callApi<ApiRecord>(`/v1/file/${encodeURIComponent(fileId)}`, { authToken });
    return await downloadResponse(authToken, String(file.secureName ?? ''), name, true);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return new Response('This file does not exist or you cannot see it', { status: 404 });
    throw error;
  }
};
