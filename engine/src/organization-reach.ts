/**
 * Whether a member of the organization at the end of `path` sees a record, decided on the record in
 * hand: the same rule as the engine's organization scope (access.ts organizationScope), for code that
 * already holds the record and decides before asking the database anything (the automation
 * dispatcher skipping a sub-organization's trigger for a patient it cannot see). The engine's scoped
 * read stays the authority; this only avoids starting work that read would refuse.
 */
export const organizationSees = (path: readonly string[] | null | undefined, record: { organizationIds?: unknown; sharedWithOrganizations?: unknown }) => {
  const current = path?.at(-1);
  if (!current) return true;
  if (Array.isArray(record.organizationIds) && record.organizationIds.includes(current)) return true;
  const shared = Array.isArray(record.sharedWithOrganizations) ? record.sharedWithOrganizations : [];
  return shared.some((entry) => entry === current || (Array.isArray(entry) && entry.includes(current)));
};
