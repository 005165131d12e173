/** A form in one line for the list: how many questions, who fills it, whether it has a public link. */
export const formFacts = (row: Record<string, unknown>) => {
  const count = Number(row.numFields ?? 0);
  return [
    count === 0 ? 'No questions yet' : count === 1 ? '1 question' : `${count} questions`,
    row.type === 'note' ? 'filled by staff as a note' : 'filled by patients',
    row.allowPublicURL === true ? 'public link on' : '',
  ]
    .filter(Boolean)
    .join(' · ');
};
