/** Error screens and messages under forms (docs/contract/portal.md#branding, #errors). */
export default {
  invalidURL: 'This URL is invalid',
  loadFailed: 'There was an error loading the portal. Please make sure the URL is valid and correctly configured',
  renderFailed: 'Something went wrong.',
  dataLoadFailed: 'An error occurred',
  notFound: 'Page not found',
  goToStart: 'Go to the start page',
  unknownError: 'An unknown error occurred',
  /**
   * The api's own answers a patient meets on the sign-in screens, each English text exactly the api's
   * (web/app/i18n/form-error.server.ts matches them): shown in the patient's language when the catalogue knows them.
   */
  api: {
    invalidLogin: 'Invalid email or password',
    tooManyAttempts: 'Too many login attempts',
    tooManyRequests: 'Too many requests',
    codeWrong: 'That code is not right. Check it and try again.',
    codeExpired: 'That code has expired. Ask for a new one.',
    codeExhausted: 'Too many tries. Ask for a new code.',
    codeNone: 'Ask for a code first.',
    invalidLink: 'This link is invalid or has expired',
  },
  /**
   * The api's refusals a patient may meet on other pages (a message, a post, an RSVP, an upload), in
   * plain words: web/app/i18n/form-error.server.ts matches each to the api's own English text.
   */
  refusals: {
    notFound: 'This is no longer available. It may have been removed.',
    relatedGone: 'What this refers to is no longer available. Reload the page and try again.',
    forbidden: 'You do not have access to this.',
    notAllowed: 'This is not something you can do here.',
    tooLarge: 'Please try again with less data or a smaller file.',
    unavailable: 'The service is busy for a moment. Please try again shortly.',
    meetingEnded: 'This video visit has ended.',
    meetingNotStarted: 'This video visit has not started yet.',
  },
} as const;
