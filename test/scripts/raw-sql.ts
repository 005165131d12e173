/**
 * Raw database access in the api and the activities (issue 11: one path to the data; issue 30: the
 * rule covers all of api/src and activities/src, not only the named calls). Reads and writes go
 * through the engine (services.engine, engine.within(manager), engine.system(...)); raw SQL, a query
 * builder or a repository stays only where the engine cannot express the query or no caller exists
 * yet (authentication, the change outbox, LISTEN/NOTIFY), with a `// raw SQL: <why>` comment just
 * above it. Used by raw-sql-comments.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
export const SCANNED = ['api/src', 'activities/src'];

/** What counts as raw access: SQL text (a query, or a whole statement handed to the engine as `sql:`), a query builder, a repository. */
export const RAW_ACCESS = /\.query\s*(<[^>]*>)?\s*\(|\bcreateQueryBuilder\s*\(|\bgetRepository\s*(<[^>]*>)?\s*\(|\bsql:\s*[`'"]\s*(INSERT|UPDATE|DELETE|SELECT|WITH)\b/i;
const EXPLAINED = /raw SQL:\s*\S/;
/** How many lines above a raw access its comment may sit. */
export const WINDOW = 3;

export interface RawAccess {
  file: string;
  line: number;
  text: string;
}

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [path] : [];
  });

/**
 * The raw accesses of one file's text with no `raw SQL:` comment within WINDOW lines above. A line
 * continuing a chain whose raw access just above is explained (`.getRepository(...)` then
 * `.createQueryBuilder(...)`) is explained by the same comment.
 */
export const unexplainedIn = (text: string, file = '<text>'): RawAccess[] => {
  const lines = text.split('\n');
  const explained = new Set<number>();
  const found: RawAccess[] = [];
  lines.forEach((line, index) => {
    if (!RAW_ACCESS.test(line) || /^\s*(\/\/|\*|\/\*)/.test(line)) return;
    const above = lines.slice(Math.max(0, index - WINDOW), index);
    if (above.some((previous) => EXPLAINED.test(previous)) || EXPLAINED.test(line) || explained.has(index - 1)) {
      explained.add(index);
      return;
    }
    found.push({ file, line: index + 1, text: line.trim() });
  });
  return found;
};

/** Every unexplained raw access in the scanned folders. */
export const unexplainedRawAccess = (root = ROOT): RawAccess[] =>
  SCANNED.flatMap((folder) => sourcesUnder(join(root, folder))).flatMap((path) => unexplainedIn(readFileSync(path, 'utf8'), relative(root, path)));
