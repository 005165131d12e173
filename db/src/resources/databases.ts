import { databaseFields } from '../validation/organization-validators';
import { counter, defineResource, field } from './define';

/** Custom tables: the columns (fields) of a database; its rows are database_records. */
export const databases = defineResource({
  name: 'databases',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    fields: field.json(databaseFields, { required: true }),
    numRecords: counter(),
    visibleForRoles: field.strings({ max: 100 }),
  },
  unique: [['title']],
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: {
    title: 'Pharmacies',
    fields: [
      { type: 'Text', label: 'Name' },
      { type: 'Phone', label: 'Phone' },
    ],
  },
});
