import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SCANNED, unexplainedIn, unexplainedRawAccess } from './raw-sql';

/**
 * Issue 11 "one path to the data": the api and the activities read and write through the engine;
 * raw SQL, query builders and repositories stay only where the engine cannot express the query,
 * each with a `// raw SQL: <why>` comment within the three lines above it (issue 30: everywhere in
 * api/src and activities/src, not only in the named calls).
 */
describe('raw database access in api/src and activities/src', () => {
  it('every raw query, query builder and repository carries a `raw SQL:` comment saying why', () => {
    expect(unexplainedRawAccess().map((raw) => `${raw.file}:${raw.line}: ${raw.text}`)).toEqual([]);
  });

  it('scans all of api/src and activities/src', () => {
    expect(SCANNED).toEqual(['api/src', 'activities/src']);
  });

  it('finds a raw query whose comment is removed (the scan can fail)', () => {
    const file = 'activities/src/worker-engine.ts';
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect(unexplainedIn(text, file)).toEqual([]);
    const stripped = text.replace('// raw SQL: NOTIFY is not a query on records.', '// (comment removed)');
    expect(stripped).not.toEqual(text);
    expect(unexplainedIn(stripped, file)).toEqual([expect.objectContaining({ file, text: expect.stringContaining('pg_notify') })]);
  });

  it('counts a comment only within three lines above, and explains a chain continuing an explained line', () => {
    const far = ['// raw SQL: too far above', 'a();', 'b();', 'c();', 'await manager.query("SELECT 1");'].join('\n');
    expect(unexplainedIn(far)).toHaveLength(1);
    const near = ['// raw SQL: a lock', 'b();', 'await manager.query("SELECT 1");'].join('\n');
    expect(unexplainedIn(near)).toEqual([]);
    const chain = ['// raw SQL: a count', 'const n = await dataSource', "  .getRepository('users')", "  .createQueryBuilder('u')", '  .getCount();'].join('\n');
    expect(unexplainedIn(chain)).toEqual([]);
    const builder = ["const q = dataSource.createQueryBuilder('endusers', 'e');"].join('\n');
    expect(unexplainedIn(builder)).toHaveLength(1);
  });
});
