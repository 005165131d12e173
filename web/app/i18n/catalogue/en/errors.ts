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
   * (web/app/i18n/api-messages.ts matches them): shown in the patient's language when the catalogue knows them.
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
} as const;
