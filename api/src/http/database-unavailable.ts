/**
 * Errors that mean PostgreSQL cannot be reached right now (restarting, network cut, refusing
 * connections), as opposed to a bad query: the api answers them 503 with Retry-After, so clients
 * retry, and recovers by itself once new connections succeed (the pool drops broken ones).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const DRIVER_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i, /Connection is not established/i, /Client was closed/i];

export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable, please try again shortly';
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const isDatabaseUnavailable = (error: unknown): boolean => {
  if (!error || typeof error !== 'object') return false;
  const candidate = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  const code = typeof candidate.code === 'string' ? candidate.code : '';
  // 08xxx connection exceptions; 57P01-57P03 shutdown / crash / cannot connect now; 53300 too many connections.
  if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') return true;
  if (typeof candidate.message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(candidate.message as string))) return true;
  return isDatabaseUnavailable(candidate.driverError) || (candidate.cause !== error && isDatabaseUnavailable(candidate.cause));
};
