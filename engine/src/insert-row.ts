import type { EntityManager } from 'typeorm';
import type { ResourceDefinition } from '@carelane/db';
import type { Statement } from './statements';

/**
 * The statement inserting one stored row, a single plain statement, the values converted by the driver exactly as
 * the repository's `insert` converts them (jsonb stringified, dates as Dates, undefined left to the
 * column's default), without building a query through TypeORM's insert builder: every generic create
 * runs this, and the builder cost more CPU than the round trip (docs/decisions.md "Issue 20
 * (continued): createOne"). Properties that are not columns are ignored, as the repository does.
 */
export const insertRowStatement = (manager: EntityManager, definition: ResourceDefinition, row: Record<string, unknown>): Statement => {
  const metadata = manager.connection.getMetadata(definition.name);
  const driver = manager.connection.driver;
  const names: string[] = [];
  const values: unknown[] = [];
  for (const column of metadata.columns) {
    const value = row[column.propertyName];
    if (value === undefined) continue;
    names.push(`"${column.databaseName}"`);
    values.push(driver.preparePersistentValue(value, column));
  }
  return { sql: `INSERT INTO "${metadata.tableName}" (${names.join(', ')}) VALUES (${values.map((_value, i) => `$${i + 1}`).join(', ')})`, params: values };
};
