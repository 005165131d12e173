import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { handOverStream } from './hand-over-stream';

/**
 * Sends one built message over an SMTP connection of its own, calling `atHandOver` after the last
 * byte of the message, in the same tick as the end-of-data mark. nodemailer's transport cannot be used for this:
 * it buffers the whole message (end included) before the server has even accepted the recipients, so
 * a hook on the message's end would run long before the hand-over. The connection itself reads the
 * message only once the server has said to send it (DATA's 354), which is what this relies on.
 */
export const sendHandedOver = async (url: string, envelope: { from: string; to: string[] }, message: Buffer, atHandOver: () => void) => {
  const options = parseConnectionUrl(url);
  const connection = new SMTPConnection(options);
  // The connection reports failures as 'error' events; every step below also ends when one comes.
  let onError: (error: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => (onError = reject));
  failed.catch(() => {}); // an error after the last step (while quitting) has no one left to tell
  connection.on('error', (error: Error) => onError(error));
  const step = <T>(run: (done: (error: Error | null, value?: T) => void) => void) =>
    Promise.race([new Promise<T | undefined>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value)))), failed]);
  try {
    await step((done) => connection.connect(() => done(null)));
    if (options.auth && connection.allowsAuth) await step((done) => connection.login(options.auth, (error) => done(error ?? null)));
    await step((done) => connection.send(envelope, handOverStream(message, atHandOver), (error) => done(error ?? null)));
    connection.quit();
  } catch (error) {
    connection.close();
    throw error;
  }
};
