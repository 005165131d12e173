import type { SmtpCapture } from './smtp-server';

/** How the code's email reads in each language a patient may have (activities/src/patient-messages). */
const CODE_MAIL = {
  en: { subject: 'Your sign-in code', code: /sign-in code is (\d{6})/ },
  es: { subject: 'Su código para iniciar sesión', code: /código para iniciar sesión es (\d{6})/ },
} as const;

/** The six digits of the `index`-th sign-in code mailed to `email` (docs/contract/access.md#second-factor), in the recipient's language. */
export const mailedSignInCode = async (smtp: SmtpCapture, email: string, index: number, language: keyof typeof CODE_MAIL = 'en') => {
  const mail = await smtp.waitFor(email, { index });
  expect(mail.subject).toBe(CODE_MAIL[language].subject);
  const code = mail.text.match(CODE_MAIL[language].code)?.[1];
  if (!code) throw new Error(`no code in:\n${mail.decoded}`);
  return code;
};

/** Six digits other than `code`: a wrong try. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
