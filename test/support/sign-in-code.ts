import type { SmtpCapture } from './smtp-server';

/** The six digits of the `index`-th sign-in code mailed to `email` (docs/contract/access.md#second-factor). */
export const mailedSignInCode = async (smtp: SmtpCapture, email: string, index: number) => {
  const mail = await smtp.waitFor(email, { index });
  expect(mail.decoded).toMatch(/Subject: Your sign-in code/);
  const code = mail.decoded.match(/sign-in code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no code in:\n${mail.decoded}`);
  return code;
};

/** Six digits other than `code`: a wrong try. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
