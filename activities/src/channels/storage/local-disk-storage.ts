import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { DownloadRequest, FileStorage, PresignedUpload, UploadRequest } from './file-storage';

export class UploadTooLarge extends Error {}
export class InvalidSignature extends Error {}

const KEY_PATTERN = /^[a-z0-9]{24}\/[A-Za-z0-9_-]{8,64}$/;

/**
 * The embedded default: files under a folder on this machine. Upload targets and download links
 * are the api's own URLs, carrying an HMAC signature over what they allow and until when.
 */
export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local';
  private readonly root: string;

  constructor(root: string, private readonly secret: string) {
    this.root = resolve(root);
  }

  private sign(parts: string[]) {
    return createHmac('sha256', this.secret).update(parts.join('\n')).digest('base64url');
  }

  private verify(parts: string[], signature: string | undefined, expires: string | undefined) {
    const expected = Buffer.from(this.sign(parts));
    const given = Buffer.from(signature ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new InvalidSignature('Invalid or expired link');
    if (!expires || Number(expires) < Date.now()) throw new InvalidSignature('Invalid or expired link');
  }

  private pathOf(key: string) {
    if (!KEY_PATTERN.test(key)) throw new InvalidSignature('Invalid storage key');
    const path = join(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new InvalidSignature('Invalid storage key');
    return path;
  }

  async presignUpload({ key, contentType, maxBytes, expiresInSeconds, apiBaseUrl }: UploadRequest): Promise<PresignedUpload> {
    const expires = String(Date.now() + expiresInSeconds * 1000);
    const fields = { key, 'Content-Type': contentType, maxBytes: String(maxBytes), expires };
    return { url: `${apiBaseUrl}/v1/local-storage/upload`, fields: { ...fields, signature: this.sign([key, contentType, fields.maxBytes, expires]) } };
  }

  /** Stores an upload whose form fields carry a valid signature; a body over maxBytes is refused and nothing is kept. */
  async receiveUpload(fields: Record<string, string>, file: Readable) {
    const { key, maxBytes, expires, signature } = fields;
    this.verify([key, fields['Content-Type'], maxBytes, expires], signature, expires);
    const path = this.pathOf(key);
    const limit = Number(maxBytes);
    let received = 0;
    const guard = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(received > limit ? new UploadTooLarge('File too large') : null, chunk);
      },
    });
    await mkdir(dirname(path), { recursive: true });
    try {
      await pipeline(file, guard, createWriteStream(path));
    } catch (error) {
      await rm(path, { force: true });
      file.resume();
      throw error;
    }
    return { key, size: received };
  }

  async downloadUrl({ key, filename, expiresInSeconds, apiBaseUrl, issuedAt }: DownloadRequest) {
    const expires = String((issuedAt?.getTime() ?? Date.now()) + expiresInSeconds * 1000);
    const query = new URLSearchParams({ expires, filename, signature: this.sign([key, filename, expires]) });
    return `${apiBaseUrl}/v1/local-storage/download/${key}?${query}`;
  }

  /** Opens a download whose link is signed and unexpired. */
  async openDownload(key: string, query: { expires?: string; filename?: string; signature?: string }) {
    this.verify([key, query.filename ?? '', query.expires ?? ''], query.signature, query.expires);
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => undefined);
    if (!info) return undefined;
    return { stream: createReadStream(path), size: info.size, filename: query.filename ?? 'download' };
  }

  async exists(key: string) {
    return !!(await stat(this.pathOf(key)).catch(() => undefined));
  }

  async remove(key: string) {
    await rm(this.pathOf(key), { force: true });
  }
}
