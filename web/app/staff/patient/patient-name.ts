/** A patient as staff call them: their display name, else first and last name, else their email or phone; never an id. */
export const patientName = (enduser: { displayName?: string; fname?: string; lname?: string; email?: string; phone?: string }) =>
  enduser.displayName?.trim() || [enduser.fname, enduser.lname].filter(Boolean).join(' ') || enduser.email || enduser.phone || 'Unnamed patient';

/** Whole years between a date of birth (as the spec stores it: YYYY-MM-DD or MM-DD-YYYY) and `now`; undefined when it is no date. */
export const ageOn = (dateOfBirth: string | undefined, now: Date) => {
  const born = parseBirthDate(dateOfBirth);
  if (!born) return undefined;
  let age = now.getUTCFullYear() - born.year;
  if (now.getUTCMonth() + 1 < born.month || (now.getUTCMonth() + 1 === born.month && now.getUTCDate() < born.day)) age -= 1;
  return age >= 0 && age < 150 ? age : undefined;
};

/** A date of birth's parts: 1980-03-04 or 03-04-1980 (dates typed as text are MM-DD-YYYY: docs/contract/portal.md, "Formats"). */
export const parseBirthDate = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const us = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year) return undefined;
  const parts = { year: Number(year), month: Number(month), day: Number(day) };
  return parts.month >= 1 && parts.month <= 12 && parts.day >= 1 && parts.day <= 31 ? parts : undefined;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 4, 1980 (45 years)", or the stored text when it is no date we read. */
export const birthDateAndAge = (dateOfBirth: string | undefined, now: Date) => {
  const born = parseBirthDate(dateOfBirth);
  if (!born) return dateOfBirth?.trim() || undefined;
  const age = ageOn(dateOfBirth, now);
  return `${MONTHS[born.month - 1]} ${born.day}, ${born.year}${age === undefined ? '' : ` (${age} ${age === 1 ? 'year' : 'years'})`}`;
};
