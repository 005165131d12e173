import nodemailer, { type Transporter } from 'nodemailer';
import { BaseMailer, type MailMessage } from './mailer';

/** Real delivery through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMailer extends BaseMailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(url: string, private readonly from: string) {
    super();
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage) {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  protected override async shutdown() {
    this.transport.close();
  }
}
