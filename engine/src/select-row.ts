import type { EntityManager } from 'typeorm';
import type { ResourceDefinition } from '@carelane/db';

/**
 * One stored row by id within a business, as one plain statement, each column converted by the
 * driver exactly as TypeORM's select converts it (`prepareHydratedValue`, the mirror of
 * insert-row.ts). For callers no row condition narrows (the system, in the worker's activities):
 * their look-ups by id were the select builder's most frequent use, and building the query cost
 * more CPU than running it (docs/decisions.md, issue 20). `lock` holds the row until the commit.
 */
export const selectRowById = async (manager: EntityManager, definition: ResourceDefinition, businessId: string, id: string, lock = false) => {
  const metadata = manager.connection.getMetadata(definition.name);
  const driver = manager.connection.driver;
  const [raw] = (await manager.query(
    `SELECT * FROM "${metadata.tableName}" WHERE "_id" = $1 AND "businessId" = $2 LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [id, businessId],
  )) as Record<string, unknown>[];
  if (!raw) return undefined;
  const row: Record<string, unknown> = {};
  for (const column of metadata.columns) {
    const value = raw[column.databaseName];
    if (value === undefined || column.isVirtual) continue;
    row[column.propertyName] = driver.prepareHydratedValue(value, column);
  }
  return row;
};

/** Whether a row with this id exists in the business (a reference check for callers no scope narrows), as one plain statement. */
export const recordExists = async (manager: EntityManager, definition: ResourceDefinition, businessId: string, id: string) => {
  const { tableName } = manager.connection.getMetadata(definition.name);
  const rows = (await manager.query(`SELECT 1 FROM "${tableName}" WHERE "_id" = $1 AND "businessId" = $2 LIMIT 1`, [id, businessId])) as unknown[];
  return rows.length > 0;
};
