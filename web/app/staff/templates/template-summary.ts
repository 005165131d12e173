import { SMS_MAX_LENGTH } from '@carelane/automation';

/** A template's card in the list: its subject and the start of its message, in words (never ids). */
export const templateSummary = (row: Record<string, unknown>) => {
  const message = typeof row.message === 'string' ? row.message.replace(/\s+/g, ' ').trim() : '';
  return [
    row.subject ? `Subject: ${String(row.subject)}` : '',
    message ? (message.length > 120 ? `${message.slice(0, 119)}…` : message) : '',
    message.length > SMS_MAX_LENGTH ? `Too long for a text message (${message.length} characters)` : '',
  ].filter(Boolean);
};
