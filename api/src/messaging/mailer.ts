import { escapeHtml } from '@carelane/activities/channels/template';

/** One outgoing email. `businessId` and the optional recipient ids let the outbox file it with its tenant. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  businessId: string;
  enduserId?: string;
  userId?: string;
}

/**
 * How identity calls send mail (reset links). Delivery is the messaging layer's email channel: the
 * embedded database channel by default (`npm start` on a bare machine), SMTP when SMTP_URL is set.
 * Callers never learn which one is in use.
 */
export interface Mailer {
  readonly kind: string;
  send(message: MailMessage): Promise<void>;
  /**
   * Composes and sends without making the caller wait (so an answer's timing never depends on whether
   * there was anyone to mail); failures are logged with `label`. `close()` waits for these.
   */
  sendLater(label: string, compose: () => Promise<MailMessage | undefined>): void;
  close(): Promise<void>;
}

/** The background sending and orderly shutdown every mailer shares. */
export abstract class BaseMailer implements Mailer {
  abstract readonly kind: string;
  private readonly inFlight = new Set<Promise<void>>();

  abstract send(message: MailMessage): Promise<void>;

  protected async shutdown() {}

  sendLater(label: string, compose: () => Promise<MailMessage | undefined>) {
    const task: Promise<void> = compose()
      .then((message) => (message ? this.send(message) : undefined))
      .catch((error) => console.error(`mail: ${label} failed: ${(error as Error)?.message ?? error}`))
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  async close() {
    await Promise.allSettled([...this.inFlight]);
    await this.shutdown();
  }
}


/** A short message with one link, as plain text and as minimal HTML. */
export const linkMessage = (lines: { intro: string; linkText: string; link: string; outro?: string }) => ({
  text: [lines.intro, '', lines.link, '', lines.outro].filter((line) => line !== undefined).join('\n'),
  html: `<p>${escapeHtml(lines.intro)}</p><p><a href="${escapeHtml(lines.link)}">${escapeHtml(lines.linkText)}</a></p>${
    lines.outro ? `<p>${escapeHtml(lines.outro)}</p>` : ''
  }`,
});
