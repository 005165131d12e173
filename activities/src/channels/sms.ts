import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import twilio from 'twilio';
import { ConfigError, newId, readOptionalString } from '@carelane/db';
import { OUTGOING_MESSAGES, type OutgoingMessageRow } from '@carelane/db/internal/outgoing-messages';

/** One outgoing text message. `idempotencyKey` lets a retried send be recognised. */
export interface OutgoingSms {
  to: string;
  body: string;
  idempotencyKey?: string;
  businessId?: string;
}

/** How text messages leave the platform: recorded locally by default, Twilio when configured. */
export interface SmsChannel {
  readonly kind: string;
  send(sms: OutgoingSms): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

const UNIQUE_VIOLATION = '23505';

/**
 * The embedded default: the message is recorded in `outgoing_messages` (shown on the development
 * mailbox) and not sent. A second send with the same idempotency key answers the first one's id.
 */
export class DatabaseSmsChannel implements SmsChannel {
  readonly kind = 'database';

  constructor(private readonly dataSource: DataSource, private readonly from?: string) {}

  async send(sms: OutgoingSms) {
    // raw SQL: outgoing_messages is the embedded channel's internal mailbox table, not a resource
    const repository = this.dataSource.getRepository<OutgoingMessageRow>(OUTGOING_MESSAGES);
    const earlier = () => repository.findOne({ where: { channel: 'sms', idempotencyKey: sms.idempotencyKey } });
    if (sms.idempotencyKey) {
      const found = await earlier();
      if (found) return { messageId: found.externalId };
    }
    const messageId = `SM${randomBytes(16).toString('hex')}`;
    try {
      await repository.insert({
        _id: newId(),
        channel: 'sms',
        idempotencyKey: sms.idempotencyKey ?? null,
        businessId: sms.businessId ?? null,
        from: this.from ?? null,
        to: sms.to,
        subject: null,
        text: sms.body,
        html: null,
        headers: null,
        externalId: messageId,
        createdAt: new Date(),
      });
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code !== UNIQUE_VIOLATION || !sms.idempotencyKey) throw error;
      return { messageId: (await earlier())!.externalId };
    }
    return { messageId };
  }

  async close() {}
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service SID (MG...). */
  from: string;
  /** Where Twilio's REST API lives; only tests point it elsewhere (a local receiver). */
  apiBaseUrl?: string;
  /** Where Twilio posts the text's status (delivered, failed). */
  statusCallback?: string;
}

/** Real delivery through Twilio's Messages API. */
export class TwilioSmsChannel implements SmsChannel {
  readonly kind = 'twilio';
  private readonly client: ReturnType<typeof twilio>;

  constructor(private readonly config: TwilioConfig) {
    const options: Parameters<typeof twilio>[2] = { autoRetry: true, maxRetries: 3 };
    if (config.apiBaseUrl) options.httpClient = redirectedRequestClient(config.apiBaseUrl);
    this.client = twilio(config.accountSid, config.authToken, options);
  }

  async send(sms: OutgoingSms) {
    const sender = this.config.from.startsWith('MG') ? { messagingServiceSid: this.config.from } : { from: this.config.from };
    const callback = this.config.statusCallback ? { statusCallback: this.config.statusCallback } : {};
    const message = await this.client.messages.create({ to: sms.to, body: sms.body, ...sender, ...callback });
    return { messageId: message.sid };
  }

  async close() {}
}

/** Twilio's own request client, with every request sent to `baseUrl` instead of *.twilio.com. */
const redirectedRequestClient = (baseUrl: string) => {
  const client = new twilio.RequestClient();
  const request = client.request.bind(client);
  client.request = ((options: { uri: string }) => {
    const target = new URL(options.uri);
    return request({ ...options, uri: `${baseUrl.replace(/\/$/, '')}${target.pathname}${target.search}` } as never);
  }) as typeof client.request;
  return client;
};

export interface SmsChannelConfig {
  twilio?: TwilioConfig;
}

/** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together select Twilio; none of them, the embedded default. */
export const loadSmsConfig = (env: NodeJS.ProcessEnv = process.env): SmsChannelConfig => {
  const accountSid = readOptionalString(env, 'TWILIO_ACCOUNT_SID');
  const authToken = readOptionalString(env, 'TWILIO_AUTH_TOKEN');
  const from = readOptionalString(env, 'TWILIO_FROM');
  const set = [accountSid, authToken, from].filter(Boolean).length;
  // TWILIO_AUTH_TOKEN alone checks incoming texts' signatures (api/src/inbound); outgoing texts need all three.
  if (set === 0 || (set === 1 && authToken)) return {};
  if (set < 3) throw new ConfigError('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM must be set together (TWILIO_AUTH_TOKEN alone enables incoming texts only)');
  // Twilio reports each text's fate there (api/src/inbound/twilio-status.ts) when the api's public address is known.
  const publicUrl = readOptionalString(env, 'API_PUBLIC_URL')?.replace(/\/$/, '');
  return {
    twilio: {
      accountSid: accountSid!,
      authToken: authToken!,
      from: from!,
      apiBaseUrl: readOptionalString(env, 'TWILIO_API_BASE_URL'),
      ...(publicUrl ? { statusCallback: `${publicUrl}/webhooks/twilio/status` } : {}),
    },
  };
};

export const createSmsChannel = (config: SmsChannelConfig, dataSource: DataSource): SmsChannel =>
  config.twilio ? new TwilioSmsChannel(config.twilio) : new DatabaseSmsChannel(dataSource);
