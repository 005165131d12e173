/**
 * Writes a TypeORM migration for whatever the resource definitions changed, by comparing them with
 * a scratch database migrated to the current head. Usage: npm run migration:generate -- Name
 */
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDataSource, ensureDatabase, dropDatabase } from '@carelane/db';

const main = async () => {
  const name = (process.argv[2] ?? 'Change').replace(/[^A-Za-z0-9]/g, '');
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = new URL(base);
  scratch.pathname = `/carelane_migration_${Date.now()}`;
  await ensureDatabase(scratch.toString());
  const dataSource = createDataSource(scratch.toString());
  try {
    await dataSource.initialize();
    await dataSource.runMigrations();
    const sql = await dataSource.driver.createSchemaBuilder().log();
    if (sql.upQueries.length === 0) {
      console.log('The schema matches the definitions: no migration needed.');
      return;
    }
    const timestamp = Date.now();
    const className = `${name}${timestamp}`;
    const quote = (query: string) => '`' + query.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';
    const up = sql.upQueries.map((q) => `    await queryRunner.query(${quote(q.query)});`).join('\n');
    const down = sql.downQueries.reverse().map((q) => `    await queryRunner.query(${quote(q.query)});`).join('\n');
    const folder = join(__dirname, '..', 'db', 'src', 'migrations');
    const file = `${timestamp}-${name}`;
    writeFileSync(
      join(folder, `${file}.ts`),
      `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\n` +
        `export class ${className} implements MigrationInterface {\n  name = '${className}';\n\n` +
        `  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n` +
        `  public async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
    );
    const indexPath = join(folder, 'index.ts');
    const index = readFileSync(indexPath, 'utf8');
    const imports = [...index.matchAll(/^import .*$/gm)].map((m) => m[0]);
    const names = [...index.matchAll(/^import \{ (\w+) \}/gm)].map((m) => m[1]);
    imports.push(`import { ${className} } from './${file}';`);
    names.push(className);
    writeFileSync(indexPath, `${imports.join('\n')}\n\n/** Applied in order by openDataSource. */\nexport const MIGRATIONS: Function[] = [${names.join(', ')}];\n`);
    console.log(`Wrote db/src/migrations/${file}.ts`);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await dropDatabase(scratch.toString());
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
