/**
 * Reads CSV text (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks) into rows of
 * cells. A byte-order mark at the start is dropped, as spreadsheets write one.
 */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
};

/** The columns an import reads, by the headings people write (case and spacing aside). */
export const IMPORT_COLUMNS = [
  { field: 'fname', heading: 'First name', aliases: ['first name', 'firstname', 'fname', 'given name'] },
  { field: 'lname', heading: 'Last name', aliases: ['last name', 'lastname', 'lname', 'surname', 'family name'] },
  { field: 'email', heading: 'Email', aliases: ['email', 'email address', 'e-mail'] },
  { field: 'phone', heading: 'Phone', aliases: ['phone', 'phone number', 'mobile', 'cell'] },
  { field: 'dateOfBirth', heading: 'Date of birth', aliases: ['date of birth', 'dateofbirth', 'dob', 'birth date', 'birthday'] },
  { field: 'tags', heading: 'Tags', aliases: ['tags', 'tag'] },
] as const;

const normalized = (heading: string) => heading.trim().toLowerCase().replace(/\s+/g, ' ');

export type ImportPlan = { rows: { line: number; record: Record<string, unknown>; who: string }[] } | { fileError: string };

/**
 * The file's rows as enduser records: headings matched to fields (an unknown heading refuses the
 * whole file, naming it, so nothing is half-read), empty lines skipped, tags split on semicolons.
 * Each row keeps its line in the file (the heading is line 1), as a spreadsheet numbers it.
 */
export const planImport = (text: string): ImportPlan => {
  const [headings, ...lines] = parseCsv(text);
  if (!headings || headings.every((heading) => !heading.trim())) return { fileError: 'The file is empty. Its first line names the columns, for example: First name, Last name, Email, Phone, Date of birth, Tags.' };
  const fields = headings.map((heading) => IMPORT_COLUMNS.find((column) => (column.aliases as readonly string[]).includes(normalized(heading)))?.field);
  const unknown = headings.filter((heading, index) => heading.trim() && !fields[index]);
  if (unknown.length) {
    return { fileError: `This file has columns the import does not read: ${unknown.join(', ')}. Use ${IMPORT_COLUMNS.map((column) => column.heading).join(', ')}.` };
  }
  const rows = lines.flatMap((cells, index) => {
    if (cells.every((cell) => !cell.trim())) return [];
    const record: Record<string, unknown> = {};
    cells.forEach((cell, column) => {
      const field = fields[column];
      const value = cell.trim();
      if (!field || !value) return;
      record[field] = field === 'tags' ? value.split(';').map((tag) => tag.trim()).filter(Boolean) : value;
    });
    const who = [record.fname, record.lname].filter(Boolean).join(' ') || String(record.email ?? '') || 'No name given';
    return [{ line: index + 2, record, who }];
  });
  if (!rows.length) return { fileError: 'The file has column headings but no rows to import.' };
  return { rows };
};
