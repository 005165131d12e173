/**
 * Whether an outstanding response's link has run out (submissionExpiresAt passed, not submitted):
 * the api refuses to open it ('This form link has expired'), so the portal says so beside the form
 * and leaves it out of Home's call to fill forms. It stays under Outstanding Forms, as the contract
 * lists every response without submittedAt (docs/decisions.md).
 */
export const formLinkExpired = (response: Record<string, unknown>, now = Date.now()) =>
  !response.submittedAt && typeof response.submissionExpiresAt === 'number' && response.submissionExpiresAt < now;
