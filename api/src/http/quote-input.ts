/**
 * What of a caller's input an error message may repeat: markup removed, then only letters, digits,
 * spaces and plain punctuation, at most 100 characters. An error answer never carries a tag, quote or
 * control character back (issue 12: a script tag came back in a message).
 */
export const quoteInput = (raw: string) =>
  raw
    .replace(/<[^>]*>?/g, '')
    .replace(/[^\p{L}\p{N} _.,:;()@+\-/]/gu, '')
    .slice(0, 100);
