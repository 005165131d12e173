import { Session } from '@tellescope/sdk';
import { openDataSource } from '@carelane/db';
import { createEnduser, createStaff } from '../identity/support';
import { testEnv } from '../support/env';

/** What `npm run proof` (scripts/proof.ts) started: the platform as `npm start` runs it. */
export const proofStack = () => {
  const required = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: proof suites run under \`npm run proof\`, which starts the platform`);
    return value;
  };
  return {
    apiUrl: required('PROOF_API_URL'),
    portalUrl: required('PROOF_PORTAL_URL'),
    adminEmail: required('PROOF_ADMIN_EMAIL'),
    adminPassword: required('PROOF_ADMIN_PASSWORD'),
  };
};

export interface ProofCaller {
  name: 'admin' | 'staff' | 'enduser' | 'anonymous';
  /** The Authorization header value, none for the anonymous caller. */
  authorization?: string;
  /** The caller's own account and organization, whose destructive calls the fuzzer leaves out. */
  ownIds: string[];
}

/**
 * The four callers of the stack's default organization: its Admin (made by the api on first start),
 * a Non-Admin staff member and an enduser with a password (made by that Admin), and nobody.
 */
export const proofCallers = async (): Promise<ProofCaller[]> => {
  const stack = proofStack();
  const admin = new Session({ host: stack.apiUrl });
  await admin.authenticate(stack.adminEmail, stack.adminPassword);
  const businessId = admin.userInfo.businessId;
  const dataSource = await openDataSource(testEnv().databaseUrl, { poolSize: 2 });
  try {
    const staff = await createStaff({ host: stack.apiUrl, dataSource }, admin, { roles: ['Non-Admin'] });
    const enduser = await createEnduser(stack.apiUrl, admin, { businessId } as never);
    return [
      { name: 'admin', authorization: `Bearer ${admin.authToken}`, ownIds: [admin.userInfo.id, businessId] },
      { name: 'staff', authorization: `Bearer ${staff.session.authToken}`, ownIds: [staff.user.id, businessId] },
      { name: 'enduser', authorization: `Bearer ${enduser.session.authToken}`, ownIds: [enduser.enduser.id, businessId] },
      { name: 'anonymous', ownIds: [businessId] },
    ];
  } finally {
    await dataSource.destroy();
  }
};
