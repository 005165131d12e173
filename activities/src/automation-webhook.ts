import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { automationError } from './automation-records';

/**
 * Outgoing automation webhooks: signed, bounded in time, and never aimed at the platform's own
 * network unless configuration allows it (development and tests).
 *
 * Signature: `X-Carelane-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` with the
 * timestamp (milliseconds) in `X-Carelane-Timestamp`; receivers recompute it and reject old
 * timestamps. `X-Carelane-Delivery-Id` is the same on every attempt of one delivery.
 */
export interface WebhookSettings {
  /** Allow loopback, private, link-local and other non-public targets (development and tests only). */
  allowPrivateTargets?: boolean;
  /** Time allowed for one attempt, connection to response. */
  timeoutMs?: number;
}

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** Whether an address is loopback, private, link-local, shared, multicast or unspecified. */
export const isNonPublicAddress = (address: string) => {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return BLOCKED.check(mapped[1], 'ipv4');
    return BLOCKED.check(address, 'ipv6');
  }
  return true;
};

export const signWebhook = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export class WebhookDeliveryError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
  }
}

/**
 * One delivery attempt. The target's addresses are resolved and checked, and the connection is made
 * to the checked address (no second lookup a DNS rebinding could change). Throws an
 * `AutomationError` (not retried) for a refused target or a 4xx answer, a retryable error otherwise.
 */
export const deliverWebhook = async (
  target: { url: string; secret: string },
  payload: unknown,
  options: WebhookSettings & { deliveryId: string }
): Promise<{ status: number }> => {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw automationError(`Invalid webhook URL: ${target.url}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw automationError(`Webhook URLs must be http or https, got ${url.protocol}`);
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const timeoutMs = options.timeoutMs ?? 10_000;

  const checkedLookup = (
    hostname: string,
    lookupOptions: object,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void
  ) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as LookupAddress[];
      const refused = options.allowPrivateTargets ? undefined : list.find((entry) => isNonPublicAddress(entry.address));
      if (refused) {
        const failure = new Error(`Webhook target ${hostname} resolves to a non-public address (${refused.address})`) as NodeJS.ErrnoException;
        failure.code = 'ECARELANEREFUSED';
        return callback(failure, '', 4);
      }
      if ((lookupOptions as { all?: boolean }).all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };

  // A literal IP address never goes through lookup: check it here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !options.allowPrivateTargets && isNonPublicAddress(literal)) {
    throw automationError(`Webhook target ${literal} is a non-public address`);
  }

  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        lookup: checkedLookup as never,
        timeout: timeoutMs,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'Carelane-Webhooks/1',
          'X-Carelane-Timestamp': timestamp,
          'X-Carelane-Signature': signWebhook(target.secret, timestamp, body),
          'X-Carelane-Delivery-Id': options.deliveryId,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve({ status });
          const retryable = status >= 500 || status === 408 || status === 429;
          const message = `Webhook ${url.origin}${url.pathname} answered ${status}`;
          reject(retryable ? new WebhookDeliveryError(message, true) : automationError(message));
        });
      }
    );
    const timer = setTimeout(() => request.destroy(new WebhookDeliveryError(`Webhook ${url.origin} did not answer within ${timeoutMs} ms`, true)), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new WebhookDeliveryError(`Webhook ${url.origin} did not answer within ${timeoutMs} ms`, true)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECARELANEREFUSED') return reject(automationError(error.message));
      reject(error instanceof WebhookDeliveryError ? error : new WebhookDeliveryError(`Webhook ${url.origin} failed: ${error.message}`, true));
    });
    request.end(body);
  });
};
