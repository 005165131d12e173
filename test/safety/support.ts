import { randomBytes } from 'node:crypto';
import { Session } from '@tellescope/sdk';
import { createStaff, type IdentityApi } from '../identity/support';

/**
 * A sub-organization of the tenant and an Admin of it, signed in through the reference client.
 * Joining a sub-organization is the invitation flow's job, so the fixture places the account by
 * writing its organizationIds (as the sub-organization suite does).
 */
export const subOrganizationAdmin = async (api: IdentityApi, admin: Session) => {
  const { created } = (await admin.api.organizations.create_suborganization({
    name: 'Branch',
    subdomain: `branch-${randomBytes(4).toString('hex')}`,
  })) as unknown as { created: { id: string } };
  const member = await createStaff(api, admin, { roles: ['Admin'] });
  await api.dataSource.getRepository('users').update({ _id: member.user.id }, { organizationIds: [created.id] });
  const session = new Session({ host: api.host });
  await session.authenticate(member.email, member.password);
  return { organizationId: created.id, ...member, session };
};
