import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DownloadRequest, FileStorage, UploadRequest } from './file-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** Files in an S3 bucket: presigned posts limited to the declared size and type, presigned downloads. */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: !!settings.endpoint,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
  }

  async presignUpload({ key, contentType, maxBytes, expiresInSeconds }: UploadRequest) {
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.settings.bucket,
      Key: key,
      Fields: { 'Content-Type': contentType },
      Conditions: [['content-length-range', 0, maxBytes], ['eq', '$Content-Type', contentType]],
      Expires: expiresInSeconds,
    });
    return { url, fields };
  }

  async downloadUrl({ key, filename, expiresInSeconds, issuedAt }: DownloadRequest) {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`,
    });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds, ...(issuedAt ? { signingDate: issuedAt } : {}) });
  }

  async exists(key: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}
