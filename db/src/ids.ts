import { randomBytes } from 'node:crypto';

/**
 * Record ids: 24 hexadecimal characters, like the reference client expects, ordered by creation.
 * 6 bytes of milliseconds since the epoch, 3 random bytes fixed per process, and a 3-byte counter,
 * so ids sort by creation time across processes and strictly within one process (lastId paging
 * relies on that order).
 */
const processPart = randomBytes(3).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);
let lastMs = 0;

export const newId = (): string => {
  let now = Date.now();
  if (now < lastMs) now = lastMs; // clock went backwards: keep ids increasing
  if (now !== lastMs) lastMs = now;
  counter = (counter + 1) % 0x1000000;
  return now.toString(16).padStart(12, '0') + processPart + counter.toString(16).padStart(6, '0');
};

export const isId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{24}$/i.test(value);
