import { ConfigError, readOptionalString, readString } from '@carelane/db';

/**
 * What comes back from outside (docs/decisions.md, issue 33): incoming texts and their status
 * callbacks from Twilio, and patients' email replies (an SMTP listener of our own, or Mailgun's
 * signed inbound route).
 */
export interface InboundConfig {
  /** TWILIO_AUTH_TOKEN: signs Twilio's webhooks. On its own it enables incoming texts (outgoing ones need all three TWILIO_*). */
  twilioAuthToken?: string;
  /** TWILIO_FROM: the platform's sending number; with a single organization it owns the number (see phone-owner.ts). */
  twilioFrom?: string;
  /** Replies to patient emails go to reply+<signed token>@<emailDomain>. */
  emailDomain: string;
  /** The inbound SMTP listener: off (undefined), or the host and port it binds (0: any free port). */
  smtp?: { host: string; port: number };
  /** Mailgun's webhook signing key, for its inbound route POSTing to /webhooks/mailgun/email. */
  mailgunSigningKey?: string;
  /** A larger incoming email (SMTP or webhook) is refused: 552 over SMTP, 413 over HTTP. */
  maxEmailBytes: number;
}

/** The SMTP listener's port used in development when INBOUND_SMTP_PORT is unset (another free one when taken). */
export const DEVELOPMENT_SMTP_PORT = 2525;

const readSmtp = (env: NodeJS.ProcessEnv, mode: string): InboundConfig['smtp'] => {
  const raw = readOptionalString(env, 'INBOUND_SMTP_PORT');
  const host = readString(env, 'INBOUND_SMTP_HOST', '127.0.0.1');
  // On by default only in development: tests turn it on themselves, production says where it listens.
  if (raw === undefined) return mode === 'development' ? { host, port: DEVELOPMENT_SMTP_PORT } : undefined;
  if (raw === 'off') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`INBOUND_SMTP_PORT must be 'off' or a port number between 0 and 65535, got '${raw}'`);
  return { host, port };
};

const readDomain = (env: NodeJS.ProcessEnv) => {
  const domain = readString(env, 'INBOUND_EMAIL_DOMAIN', 'reply.localhost').toLowerCase();
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(domain)) throw new ConfigError(`INBOUND_EMAIL_DOMAIN must be a domain name, got '${domain}'`);
  return domain;
};

export const readInboundConfig = (env: NodeJS.ProcessEnv, mode: string): InboundConfig => {
  const maxEmailBytes = Number(readOptionalString(env, 'INBOUND_EMAIL_MAX_BYTES') ?? 10 * 1024 * 1024);
  if (!Number.isInteger(maxEmailBytes) || maxEmailBytes < 1024) throw new ConfigError('INBOUND_EMAIL_MAX_BYTES must be a whole number of bytes, at least 1024');
  return {
    twilioAuthToken: readOptionalString(env, 'TWILIO_AUTH_TOKEN'),
    twilioFrom: readOptionalString(env, 'TWILIO_FROM'),
    emailDomain: readDomain(env),
    smtp: readSmtp(env, mode),
    mailgunSigningKey: readOptionalString(env, 'MAILGUN_WEBHOOK_SIGNING_KEY'),
    maxEmailBytes,
  };
};
