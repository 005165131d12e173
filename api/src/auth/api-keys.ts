import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { hashSecret, isId, verifySecret } from '@carelane/db';

/**
 * API keys: `<record id>.<43 random base64url characters>` (256 bits). Only a bcrypt hash is stored
 * (api_keys.hashedKey); the id part finds the record without scanning. bcrypt is slow on purpose, so a
 * key already verified in this process is remembered for a few minutes under its SHA-256 digest,
 * together with the hash it matched: deleting the key (or replacing its hash) ends it on the next call.
 */
export const API_KEYS_TABLE = 'api_keys';

const KEY_PATTERN = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;
const CACHE_MS = 5 * 60_000;
const CACHE_SIZE = 1000;

export const generateApiKey = async (id: string) => {
  const key = `${id}.${randomBytes(32).toString('base64url')}`;
  return { key, hashedKey: await hashSecret(key) };
};

/** The key in an `Authorization: API_KEY <key>` value. */
export const apiKeyOf = (header: string | undefined) => header?.match(/^API_KEY\s+(\S+)\s*$/)?.[1];

/** Whether a presented credential is an API key (the header's value or the bare key) rather than a session token. */
export const looksLikeApiKey = (presented: string) => !!apiKeyOf(presented) || KEY_PATTERN.test(presented.trim());

const verified = new Map<string, { hashedKey: string; until: number }>();

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** The stored api_keys row a presented key belongs to, or undefined. */
export const findApiKey = async (dataSource: DataSource, presented: string) => {
  const match = presented.trim().match(KEY_PATTERN);
  if (!match || !isId(match[1]) || !dataSource.hasMetadata(API_KEYS_TABLE)) return undefined;
  // raw SQL: the presented key is what authenticates the request, so it is read by its id before any caller exists.
  const row = await dataSource.getRepository(API_KEYS_TABLE).findOne({ where: { _id: match[1] } });
  const hashedKey = row?.hashedKey as string | undefined;
  if (!row || !hashedKey) return undefined;
  const cacheKey = digest(presented.trim());
  const cached = verified.get(cacheKey);
  if (cached && cached.hashedKey === hashedKey && cached.until > Date.now()) return row as Record<string, unknown>;
  if (!(await verifySecret(presented.trim(), hashedKey))) return undefined;
  if (verified.size >= CACHE_SIZE) verified.delete(verified.keys().next().value as string);
  verified.set(cacheKey, { hashedKey, until: Date.now() + CACHE_MS });
  return row as Record<string, unknown>;
};
