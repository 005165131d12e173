import { mergeRolePermissions } from './role-permissions';

const entry = (level: string | null, creatorOnly?: boolean) => ({
  create: level,
  read: level,
  update: level,
  delete: level,
  ...(creatorOnly === undefined ? {} : { creatorOnly }),
});

describe('merging the role records a staff member holds', () => {
  it('answers nothing for no configured role (the built-in default applies)', () => {
    expect(mergeRolePermissions([])).toBeUndefined();
  });

  it('takes the widest level per operation, and Default for a resource a role leaves out', () => {
    const merged = mergeRolePermissions([
      { permissions: { endusers: { create: null, read: 'Assigned', update: 'All', delete: null } } },
      { permissions: { endusers: { create: 'Assigned', read: 'All', update: null, delete: null }, tickets: entry(null) } },
    ]);
    expect(merged?.endusers).toEqual({ create: 'Assigned', read: 'All', update: 'All', delete: null });
    expect(merged?.tickets).toEqual({ create: 'Default', read: 'Default', update: 'Default', delete: 'Default' });
  });

  it('keeps creatorOnly only when every role sets it for the resource', () => {
    expect(mergeRolePermissions([{ permissions: { forum_posts: entry('All', true) } }])?.forum_posts.creatorOnly).toBe(true);
    expect(
      mergeRolePermissions([{ permissions: { forum_posts: entry('All', true) } }, { permissions: { forum_posts: entry('Assigned', true) } }])?.forum_posts.creatorOnly,
    ).toBe(true);
    expect(
      mergeRolePermissions([{ permissions: { forum_posts: entry('All', true) } }, { permissions: { forum_posts: entry('All', false) } }])?.forum_posts,
    ).not.toHaveProperty('creatorOnly');
    // A role without an entry for the resource holds its Default there, without creatorOnly.
    expect(mergeRolePermissions([{ permissions: { forum_posts: entry('All', true) } }, { permissions: {} }])?.forum_posts).not.toHaveProperty('creatorOnly');
  });
});
