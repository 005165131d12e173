/**
 * Which failed automated actions staff may retry (the api refuses the others with this message, the
 * console hides their Retry button). A retry runs the same action again under the same automated
 * action id, so the send's own once-only bookkeeping (the row lock and progress.sentAt) still holds.
 *
 * A webhook is the exception: its failure may be an answer that never came back from a receiver
 * that did act on it, and nothing tells the two apart, so a retry could deliver it twice.
 */
const NOT_RETRYABLE: Record<string, string> = {
  sendWebhook: 'A webhook may have reached its receiver before it failed, so it is not retried',
};

export const STEP_RETRY_MESSAGES = {
  notFailed: 'Only a step whose status is error can be retried',
} as const;

/** Why this failed automated action cannot be retried, or null when it can. */
export const retryRefusal = (action: { status?: unknown; action?: { type?: unknown } | null }): string | null => {
  if (action.status !== 'error') return STEP_RETRY_MESSAGES.notFailed;
  const type = typeof action.action?.type === 'string' ? action.action.type : '';
  return NOT_RETRYABLE[type] ?? null;
};
