import * as v from '../validation/validators';
import { defineResource, field } from './define';

/** Saved enduser list views: which columns (fields) and which filter. Titles are unique. */
export const enduser_views = defineResource({
  name: 'enduser_views',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    fields: field.strings({ max: 250 }),
    filter: field.json(v.jsonObject(25_000)),
    defaultForRole: field.string({ max: 100 }),
    defaultForUserIds: field.ids(),
    hideFromRoles: field.strings({ max: 100 }),
  },
  unique: [['title']],
  access: { user: ['create', 'read', 'update', 'delete'] },
  example: { title: 'Needs follow-up', fields: ['fname', 'lname', 'email'], filter: { tags: ['follow-up'] } },
});
