/**
 * Typed reading of environment variables. Each process builds its own configuration from these
 * helpers so that a bad value stops the process at start with a message naming the variable.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const present = (env: Env, name: string) => {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
};

export const readString = (env: Env, name: string, fallback?: string): string => {
  const value = present(env, name) ?? fallback;
  if (value === undefined) throw new ConfigError(`${name} is required`);
  return value;
};

export const readOptionalString = (env: Env, name: string): string | undefined => present(env, name);

export const readPort = (env: Env, name: string, fallback: number): number => {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`${name} must be a port number between 1 and 65535, got '${raw}'`);
  }
  return port;
};

export const readInteger = (env: Env, name: string, fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number => {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  }
  return value;
};

export const readUrl = (env: Env, name: string, protocols: string[], fallback?: string): string => {
  const value = readString(env, name, fallback);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(' or ')}), got '${value}'`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got '${parsed.protocol}'`);
  }
  return value;
};

export const readOptionalUrl = (env: Env, name: string, protocols: string[]): string | undefined =>
  present(env, name) === undefined ? undefined : readUrl(env, name, protocols);

export const readChoice = <T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T => {
  const raw = present(env, name) ?? fallback;
  if (!choices.includes(raw as T)) throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got '${raw}'`);
  return raw as T;
};
