import { databaseRecordValues } from '../validation/organization-validators';
import { defineResource, field } from './define';

/** A row of a database; keeps the database's numRecords. */
export const database_records = defineResource({
  name: 'database_records',
  fields: {
    databaseId: field.id({ required: true, updatable: false, references: { resource: 'databases', onDelete: 'cascade' } }),
    values: field.json(databaseRecordValues, { required: true }),
  },
  countsInto: [{ via: 'databaseId', resource: 'databases', counter: 'numRecords' }],
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    databaseId: '000000000000000000000000',
    values: [
      { type: 'Text', label: 'Name', value: 'Main Street Pharmacy' },
      { type: 'Phone', label: 'Phone', value: '+14155552671' },
    ],
  },
});
