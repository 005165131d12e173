import { join } from 'node:path';

/** Where the embedded defaults keep their files: all under .data/ and .tools/ (both git-ignored). */
export const ROOT = join(__dirname, '..', '..');
export const DATA_DIR = join(ROOT, '.data');
export const TOOLS_DIR = join(ROOT, '.tools');
