type Row = Record<string, unknown>;

/** A person's name as staff read it: first and last name, else display name, email or phone, else `fallback`. */
export const personName = (record: Row | undefined, fallback: string) => {
  if (!record) return fallback;
  const name = [record.fname, record.lname].filter((part) => typeof part === 'string' && part.trim()).join(' ');
  return name || (typeof record.displayName === 'string' && record.displayName) || (typeof record.email === 'string' && record.email) || (typeof record.phone === 'string' && record.phone) || fallback;
};

/** What a conversation with no matched patient is called. */
export const UNKNOWN_PATIENT = 'Patient';
