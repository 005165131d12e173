import { defineResource, field } from './define';

/** Community forums; endusers read them to take part (posts, comments and likes check the forum). */
export const forums = defineResource({
  name: 'forums',
  fields: {
    title: field.string({ required: true, max: 100, searchable: true }),
    description: field.text({ max: 5000 }),
    publicRead: field.boolean(),
    slug: field.string({ max: 250, indexed: true }),
  },
  access: { user: ['create', 'read', 'update', 'delete'], enduser: ['read'] },
  // A forum endusers may take part in is marked publicRead (a private forum is for staff).
  policy: { enduser: { scope: { flag: 'publicRead' } } },
  example: { title: 'General discussion', description: 'Say hello to the community' },
});
