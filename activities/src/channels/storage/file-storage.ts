/** A presigned upload target: the client posts multipart form data with `fields` first and the file last. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

export interface UploadRequest {
  /** Storage key chosen by the server (never built from user input). */
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
  /** Where this api is reached by the caller (the local default serves uploads itself). */
  apiBaseUrl: string;
}

export interface DownloadRequest {
  key: string;
  filename: string;
  expiresInSeconds: number;
  apiBaseUrl: string;
  /** When the link counts as issued (default now): one time for a window gives everyone the same link, which clients cache. */
  issuedAt?: Date;
}

/**
 * Where files live: local disk by default (the api serves the presigned target and signed
 * downloads), S3 with presigned posts when S3_BUCKET is configured.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  presignUpload(request: UploadRequest): Promise<PresignedUpload>;
  downloadUrl(request: DownloadRequest): Promise<string>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}
