import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
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
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-compatible, NAT64 and 6to4 forms can carry a private IPv4 address: refused whole.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** This machine's own addresses (every interface): a webhook must never reach the platform itself. */
const ownAddresses = () =>
  new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((entry) => entry?.address.toLowerCase().replace(/%.*$/, ''))
      .filter((address): address is string => !!address),
  );

/** Whether an address is this machine's, loopback, private, link-local, shared, documentation, multicast or unspecified. */
export const isNonPublicAddress = (address: string) => {
  const family = isIP(address);
  if (family && ownAddresses().has(address.toLowerCase())) return true;
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

/** A target refused before any connection (non-public or this machine's address): never retried, recorded for staff. */
export const refusedTarget = (message: string) => Object.assign(automationError(message), { refusedTarget: true as const });
export const isRefusedTarget = (error: unknown) => (error as { refusedTarget?: boolean } | null)?.refusedTarget === true;

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
    throw refusedTarget(`Webhook target ${literal} is a non-public address`);
  }

  // One text for every failure (an error answer, a refused connection, a timeout): what the remote
  // answered, or whether a port is open, is not for the caller to learn.
  const failed = `Webhook delivery to ${url.origin} failed`;
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
          reject(retryable ? new WebhookDeliveryError(failed, true) : automationError(failed));
        });
      }
    );
    const timer = setTimeout(() => request.destroy(new WebhookDeliveryError(failed, true)), timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new WebhookDeliveryError(failed, true)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECARELANEREFUSED') return reject(refusedTarget(error.message));
      reject(error instanceof WebhookDeliveryError ? error : new WebhookDeliveryError(failed, true));
    });
    request.end(body);
  });
};
