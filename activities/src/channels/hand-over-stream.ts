import { Readable } from 'node:stream';

/**
 * A message as a stream that ends only after `beforeEnd` resolves. nodemailer writes SMTP's
 * end-of-data mark (the lone '.') when its message stream ends, and that mark is what hands the
 * message to the server: until it is written the server discards everything on a dropped
 * connection. So whatever `beforeEnd` records (the send-once ledger's "handed over") is committed
 * before the server can have the message, and nothing after that point needs sending again.
 * A rejection of `beforeEnd` fails the send before the mark, so the server never takes the message.
 */
export const handOverStream = (message: Buffer, beforeEnd: () => Promise<void>) => {
  let written = false;
  return new Readable({
    read() {
      if (!written) {
        written = true;
        this.push(message);
        return;
      }
      beforeEnd().then(
        () => this.push(null),
        (error: Error) => this.destroy(error),
      );
    },
  });
};
