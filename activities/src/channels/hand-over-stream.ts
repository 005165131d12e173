import { Readable } from 'node:stream';

/**
 * A message as a stream that calls `atEnd` and ends in the same tick, once everything before its end
 * has been read. nodemailer writes SMTP's end-of-data mark (the lone '.') when its message stream
 * ends, and that mark is what hands the message to the server: until it is written the server
 * discards everything on a dropped connection. `atEnd` writes the send-once ledger's "handed over"
 * on a connection already reserved, without waiting for its answer, so the ledger's statement and the
 * mark leave this process together: a kill either lets both reach their servers or neither.
 */
export const handOverStream = (message: Buffer, atEnd: () => void) => {
  let written = false;
  return new Readable({
    read() {
      if (!written) {
        written = true;
        this.push(message);
        return;
      }
      atEnd();
      this.push(null);
    },
  });
};
