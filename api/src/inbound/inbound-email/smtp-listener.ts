import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { Services } from '../../actions/action';
import { parseEmail } from './mime';
import { recordEmailReply, repliedEmailId, ReplyRejected } from './record-reply';

/** An SMTP reply code on an error (smtp-server answers it to the sending server). */
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

const readAll = (stream: SMTPServerDataStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

export interface InboundSmtp {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The inbound SMTP listener: mail for reply+<signed token>@<INBOUND_EMAIL_DOMAIN> (the MX of that
 * domain points here, or a relay forwards to it). A recipient whose token does not verify is
 * refused at RCPT TO (550); a message over INBOUND_EMAIL_MAX_BYTES at DATA (552); a failure to
 * store it answers 451, so the sending server tries again later. No AUTH and no STARTTLS: it
 * accepts only mail for signed addresses, which is what an MX does.
 * `port` 0 takes any free port; the development default (a fixed one) falls back to a free port when taken.
 */
export const startInboundSmtp = async (services: Services, options: { host: string; port: number; fallBackToFreePort?: boolean }): Promise<InboundSmtp> => {
  const maxBytes = services.config.inbound.maxEmailBytes;
  const server = new SMTPServer({
    name: services.config.inbound.emailDomain,
    banner: 'Carelane inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!repliedEmailId(services, [address.address])) return callback(smtpError(550, 'No such reply address'));
      callback();
    },
    onData(stream, session, callback) {
      readAll(stream).then(
        async (raw) => {
          if ((stream as SMTPServerDataStream & { sizeExceeded?: boolean }).sizeExceeded) return callback(smtpError(552, 'Message too large'));
          try {
            await recordEmailReply(services, session.envelope.rcptTo.map((to) => to.address), parseEmail(raw.toString('latin1')));
            callback();
          } catch (error) {
            if (error instanceof ReplyRejected) return callback(smtpError(550, error.message));
            callback(smtpError(451, 'The reply could not be stored; try again later'));
          }
        },
        () => callback(smtpError(451, 'The message could not be read; try again later')),
      );
    },
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.server.once('error', onError);
      server.listen(port, options.host, () => {
        server.server.off('error', onError);
        resolve();
      });
    });
  try {
    await listen(options.port);
  } catch (error) {
    if (!options.fallBackToFreePort || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await listen(0);
  }
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return { host: options.host, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
