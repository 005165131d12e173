import nodemailer, { type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { sendHandedOver } from './smtp-hand-over';

/** One outgoing email as the channel sends it. `idempotencyKey` lets a retried send be recognised. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  /** The tenant the mail belongs to (the database channel files it; SMTP ignores it). */
  businessId?: string;
  /**
   * Called once the whole message is written, in the same tick as the mark that hands it to the
   * server (SMTP's end of data); the send does not wait for it. A channel with no such moment never calls it.
   */
  atHandOver?: (messageId: string) => void;
}

/** The Message-ID of a keyed message (RFC 5322 form, on the sender's domain): the same for every attempt. */
export const keyedMessageId = (idempotencyKey: string, from: string) => {
  const domain = (from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? 'carelane.invalid').toLowerCase();
  return `<carelane.${idempotencyKey.replace(/[^A-Za-z0-9._-]/g, '-')}@${domain}>`;
};

/**
 * How mail leaves the platform. Every outside service sits behind an interface like this one with an
 * embedded default (kept locally, shown on the development mailbox) and a real adapter (SMTP).
 */
export interface EmailChannel {
  readonly kind: string;
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  close(): Promise<void>;
  /** The signed Reply-To a patient email carries, so the patient's reply comes back to its thread (reply-address.ts); absent: none. */
  replyAddressFor?: (emailId: string) => string;
}

/** Real delivery through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpEmailChannel implements EmailChannel {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly url: string, private readonly from: string) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(email: OutgoingEmail) {
    const headers = { ...email.headers, ...(email.idempotencyKey ? { 'X-Carelane-Idempotency-Key': email.idempotencyKey } : {}) };
    // A keyed message always carries the same Message-ID, so a copy sent again after a crash mid-send is recognisable.
    const messageId = email.idempotencyKey ? keyedMessageId(email.idempotencyKey, this.from) : undefined;
    const mail = { from: this.from, to: email.to, subject: email.subject, text: email.text, html: email.html, replyTo: email.replyTo, headers, messageId };
    if (!email.atHandOver) return { messageId: (await this.transport.sendMail(mail)).messageId as string };
    // Built first, then sent as it is over a connection of its own, so the hook runs between the last byte and the end-of-data mark.
    const compiled = new MailComposer(mail).compile();
    const message = await compiled.build();
    const { from, to } = compiled.getEnvelope();
    const built = compiled.messageId();
    const { atHandOver } = email;
    await sendHandedOver(this.url, { from: String(from), to: to.map(String) }, message, () => atHandOver(built));
    return { messageId: built };
  }

  async close() {
    this.transport.close();
  }
}
