import type { Session } from '@tellescope/sdk';
import { startSmtpServer, type SmtpCapture } from '../support/smtp-server';
import { adminSession, createTenant, type Tenant } from '../support/tenant';
import { startIdentityApi, type IdentityApi } from './support';

export interface TenantSuite {
  api: IdentityApi;
  tenant: Tenant;
  admin: Session;
}

export interface MailingTenantSuite extends TenantSuite {
  smtp: SmtpCapture;
}

/**
 * The setup most identity suites share: the api in-process and a fresh organization with its Admin
 * signed in, started before the suite's tests and stopped after them. The object is filled in by the
 * suite's first beforeAll, so read it inside hooks and tests.
 */
export const useTenantSuite = (): TenantSuite => {
  const suite = {} as TenantSuite;
  beforeAll(async () => {
    suite.api = await startIdentityApi();
    suite.tenant = await createTenant(suite.api.dataSource);
    suite.admin = await adminSession(suite.api.host, suite.tenant);
  });
  afterAll(async () => {
    await suite.api?.stop();
  });
  return suite;
};

/** The same, for suites about account mail: the api sends to a real SMTP server of the suite's own. */
export const useMailingTenant = (): MailingTenantSuite => {
  const suite = {} as MailingTenantSuite;
  beforeAll(async () => {
    suite.smtp = await startSmtpServer();
    suite.api = await startIdentityApi({ SMTP_URL: suite.smtp.url, MAIL_FROM: 'Carelane <no-reply@carelane.test>' });
    suite.tenant = await createTenant(suite.api.dataSource);
    suite.admin = await adminSession(suite.api.host, suite.tenant);
  });
  afterAll(async () => {
    await suite.api?.stop();
    await suite.smtp?.stop();
  });
  return suite;
};
