/**
 * A form's questions in the order a person answers them: a tree from the root field, each field
 * following the one its previousFields name (in creation order among siblings). Fields nothing
 * leads to come last, so no question is ever lost from the form.
 */
type Field = { _id?: unknown; id?: unknown; previousFields?: unknown };

const idOf = (field: Field) => String(field._id ?? field.id);
const parentsOf = (field: Field): (string | 'root')[] =>
  (Array.isArray(field.previousFields) ? field.previousFields : []).map((link: { type?: string; info?: { fieldId?: string } }) =>
    link?.type === 'root' ? 'root' : String(link?.info?.fieldId ?? ''),
  );

export const orderFields = <T extends Field>(fields: T[]): T[] => {
  const byCreation = [...fields].sort((a, b) => idOf(a).localeCompare(idOf(b)));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const visit = (parent: string) => {
    for (const field of byCreation) {
      if (placed.has(idOf(field)) || !parentsOf(field).includes(parent)) continue;
      placed.add(idOf(field));
      ordered.push(field);
      visit(idOf(field));
    }
  };
  visit('root');
  for (const field of byCreation) if (!placed.has(idOf(field))) ordered.push(field);
  return ordered;
};
