import type { Session } from '@tellescope/sdk';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { startIdentityApi, type IdentityApi } from './support';

export interface MailingTenant {
  smtp: SmtpCapture;
  api: IdentityApi;
  tenant: Tenant;
  admin: Session;
}

/**
 * For suites about account mail: a real SMTP server, the api sending to it, and a fresh organization
 * with its Admin signed in; started before the suite's tests, stopped after them. The object is
 * filled in by the suite's beforeAll.
 */
export const useMailingTenant = (): MailingTenant => {
  const mailing = {} as MailingTenant;
  beforeAll(async () => {
    mailing.smtp = await startSmtpServer();
    mailing.api = await startIdentityApi({ SMTP_URL: mailing.smtp.url, MAIL_FROM: 'Carelane <no-reply@carelane.test>' });
    mailing.tenant = await createTenant(mailing.api.dataSource);
    mailing.admin = await adminSession(mailing.api.host, mailing.tenant);
  });
  afterAll(async () => {
    await mailing.api?.stop();
    await mailing.smtp?.stop();
  });
  return mailing;
};
