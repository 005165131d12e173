import { existsSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/**
 * The temporal-test-server binary the dry run executes journeys on (Temporal's time-skipping test
 * server): TEMPORAL_TEST_SERVER_PATH, else `temporal-test-server` on PATH, else the copy the
 * repository's service scripts install under .tools/python/bin. Undefined when none is there (the
 * dry run then answers the computed plan); it is never downloaded by the api.
 */
export const temporalTestServerPath = (): string | undefined => {
  const configured = process.env.TEMPORAL_TEST_SERVER_PATH;
  if (configured) return existsSync(configured) ? configured : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = dir && join(dir, 'temporal-test-server');
    if (candidate && existsSync(candidate)) return candidate;
  }
  const tools = resolve(__dirname, '../../../.tools/python/bin/temporal-test-server');
  return existsSync(tools) ? tools : undefined;
};
