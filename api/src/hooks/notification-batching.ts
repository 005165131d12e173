/** At most one email per conversation per 10 minutes (issue 32). */
export const EMAIL_BATCH_MS = 10 * 60 * 1000;

/**
 * Whether the notification created at `at` gets an email, given the creation times of the same
 * person's earlier notifications about the same conversation (any order): walking them oldest first,
 * one is emailed when the last emailed one is at least EMAIL_BATCH_MS older. Derived from the records
 * alone, so a replayed change decides the same, and a steady conversation still mails every 10 minutes.
 */
export const emailsNotification = (earlier: number[], at: number, windowMs = EMAIL_BATCH_MS) => {
  let lastEmailed = -Infinity;
  for (const time of [...earlier].filter((time) => time < at).sort((a, b) => a - b)) {
    if (time - lastEmailed >= windowMs) lastEmailed = time;
  }
  return at - lastEmailed >= windowMs;
};
