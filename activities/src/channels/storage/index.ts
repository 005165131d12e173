import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage, type S3Settings } from './s3-storage';

export * from './file-storage';
export { LocalDiskStorage, UploadTooLarge, InvalidSignature } from './local-disk-storage';
export { S3Storage, type S3Settings } from './s3-storage';

/** S3 when configured, local disk otherwise. */
export const createFileStorage = (settings: { dir: string; signingSecret: string; s3?: S3Settings }): FileStorage =>
  settings.s3 ? new S3Storage(settings.s3) : new LocalDiskStorage(settings.dir, settings.signingSecret);
