/**
 * Carriers' keywords (CTIA's messaging principles; Twilio's default opt-out handling): a text that
 * is only one of these words, case and trailing punctuation aside, opts the phone out of texts, back
 * in, or asks for help. Each gets one confirmation, sent as Twilio's reply to the text (TwiML), which
 * is how a phone that just opted out still hears that it did.
 */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type CarrierKeyword = 'optOut' | 'optIn' | 'help';

/** The text as one upper-case word without surrounding punctuation ('Stop.' is STOP, 'stop it' is not a keyword). */
export const wordOf = (body: string) => body.trim().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toUpperCase();

export const carrierKeywordOf = (body: string): CarrierKeyword | undefined => {
  const word = wordOf(body);
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'optOut';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'optIn';
  if ((HELP_KEYWORDS as readonly string[]).includes(word)) return 'help';
  return undefined;
};
