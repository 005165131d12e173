import busboy from 'busboy';
import { Readable } from 'node:stream';
import { Router, type Response } from 'express';
import { InvalidSignature, UploadTooLarge, type LocalDiskStorage } from '@carelane/activities/channels/storage';

const TOO_LARGE = 'Please try again with less data or a smaller file.';

/**
 * The presigned upload target and signed downloads of the local disk storage. The reference client
 * uploads as S3 expects (form fields first, then `file`) and may declare a Content-Length that does
 * not match its body, so the answer goes out as soon as the multipart body is complete and the
 * connection is then closed, instead of waiting for the declared length.
 */
export const localStorageRoutes = (storage: LocalDiskStorage) => {
  const router = Router();

  router.post('/upload', (req, res) => {
    const answer = (status: number, body?: unknown) => {
      if (res.headersSent) return;
      res.set('Connection', 'close');
      if (body === undefined) res.sendStatus(status);
      else res.status(status).json(body);
      res.once('finish', () => req.socket.destroy());
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 25_000_001 } });
    } catch {
      return answer(400, { message: 'Expected multipart form data' });
    }
    const fields: Record<string, string> = {};
    let stored: Promise<unknown> | undefined;
    // Answer as soon as the file part is stored: the part ends at its closing boundary, which comes
    // before the end of a request whose declared Content-Length is larger than its body.
    const finish = (upload: Promise<unknown>) => {
      stored = upload;
      upload.then(
        () => answer(204),
        (error) => {
          if (error instanceof UploadTooLarge) return answer(413, { message: TOO_LARGE });
          if (error instanceof InvalidSignature) return answer(403, { message: error.message });
          answer(400, { message: 'Upload failed' });
        },
      );
    };
    parser.on('field', (name, value) => {
      // A text file sent without a filename arrives as a plain field named `file` (S3 accepts that too).
      if (name === 'file' && !stored) finish(storage.receiveUpload(fields, Readable.from([Buffer.from(value)])));
      else fields[name] = value;
    });
    parser.on('file', (_name, file) => {
      if (stored) return void file.resume();
      finish(storage.receiveUpload(fields, file));
    });
    parser.on('close', () => {
      if (!stored) answer(400, { message: 'File not provided' });
    });
    parser.on('error', () => answer(400, { message: 'Malformed multipart body' }));
    req.pipe(parser);
  });

  router.get('/download/:business/:name', async (req, res: Response) => {
    try {
      const download = await storage.openDownload(`${req.params.business}/${req.params.name}`, req.query as Record<string, string>);
      if (!download) return void res.status(404).json({ message: 'Could not find a record for the given id' });
      res.set('Content-Length', String(download.size));
      res.attachment(download.filename);
      download.stream.pipe(res);
    } catch (error) {
      if (error instanceof InvalidSignature) return void res.status(403).json({ message: error.message });
      throw error;
    }
  });
  return router;
};
