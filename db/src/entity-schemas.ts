import { EntitySchema, type EntitySchemaColumnOptions } from 'typeorm';
import type { ColumnKind, ResourceDefinition } from './resources/define';
import { RESOURCES } from './resources';
import { INTERNAL_ENTITY_SCHEMAS } from './internal/outgoing-messages';
import { declaredIndexes } from './indexes';

/**
 * TypeORM entities generated from the resource definitions: scalar fields become typed columns
 * (ids as varchar(24) so parameters compare with the column's own type and indexes apply), nested
 * structures become jsonb. Common fields are the same on every table.
 */
export type StoredRecord = Record<string, unknown> & {
  _id: string;
  businessId: string;
  organizationIds: string[];
  sharedWithOrganizations: string[];
  creator: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const columnFor = (kind: ColumnKind): EntitySchemaColumnOptions => {
  switch (kind) {
    case 'id':
      return { type: 'varchar', length: 24, nullable: true };
    case 'text':
      return { type: 'text', nullable: true };
    case 'number':
      return { type: 'double precision', nullable: true };
    case 'boolean':
      return { type: 'boolean', nullable: true };
    case 'date':
      return { type: 'timestamptz', nullable: true };
    case 'json':
      return { type: 'jsonb', nullable: true };
  }
};

export const COMMON_COLUMNS = ['_id', 'businessId', 'organizationIds', 'sharedWithOrganizations', 'creator', 'createdAt', 'updatedAt'] as const;

const entityFor = (definition: ResourceDefinition) => {
  const columns: Record<string, EntitySchemaColumnOptions> = {
    _id: { type: 'varchar', length: 24, primary: true },
    businessId: { type: 'varchar', length: 24 },
    organizationIds: { type: 'jsonb', default: () => `'[]'` },
    sharedWithOrganizations: { type: 'jsonb', default: () => `'[]'` },
    creator: { type: 'varchar', length: 24, nullable: true },
    createdAt: { type: 'timestamptz', createDate: true },
    updatedAt: { type: 'timestamptz', updateDate: true },
  };
  const indices: { name: string; columns?: string[]; synchronize?: boolean }[] = [{ name: `IDX_${definition.name}_business`, columns: ['businessId', '_id'] }];
  for (const [name, field] of Object.entries(definition.fields)) {
    columns[name] = columnFor(field.column);
    // _id last: a list filtered by the field, newest first (a patient's emails, a room's chats), is one
    // range of the index read backwards, 50 entries for a page of 50 however old the rows are.
    if (field.indexed || field.references) indices.push({ name: `IDX_${definition.name}_${name}`, columns: ['businessId', name, '_id'] });
  }
  // Declared indexes (expressions, GIN) are beyond what TypeORM describes: it is told their names only,
  // so it leaves them alone, and the migrations create them (db/src/indexes.ts).
  for (const { name } of declaredIndexes(definition)) indices.push({ name, synchronize: false });
  const uniques = [
    ...(definition.unique ?? []).map((fields) => ({ name: `UQ_${definition.name}_${fields.join('_')}`, columns: ['businessId', ...fields] })),
    ...(definition.globallyUnique ?? []).map((fields) => ({ name: `UQ_${definition.name}_${fields.join('_')}_global`, columns: fields })),
  ];
  return new EntitySchema<StoredRecord>({ name: definition.name, tableName: definition.name, columns, indices, uniques });
};

export const ENTITY_SCHEMAS: EntitySchema[] = [...RESOURCES.map(entityFor), ...INTERNAL_ENTITY_SCHEMAS];
export const entityByResource = new Map(RESOURCES.map((definition, i) => [definition.name, ENTITY_SCHEMAS[i]]));
