import type { EntityManager } from 'typeorm';
import type { Services } from '../actions/action';
import { linkMessage } from '../messaging';
import { createOneTimeToken } from './one-time-tokens';
import { portalBase } from './password-reset';

/** How long an invitation link works. */
export const INVITE_SECONDS = 7 * 24 * 60 * 60;
export const INVALID_INVITATION = 'This invitation is invalid or has expired';

/** Where members of an organization sit: [] for the root, else the organization's own path plus its id. */
export const memberPath = (organization: Record<string, unknown>) =>
  organization._id === organization.businessId ? [] : [...((organization.organizationIds as string[] | null) ?? []), organization._id as string];

/** The organization a member path points at (the business itself for []). */
export const organizationAt = async (manager: EntityManager, businessId: string, path: string[]) =>
  // raw SQL: the organization a member path names, by id within the business, inside the calling transaction (the invitation call has checked access).
  (await manager.getRepository('organizations').findOne({ where: { _id: path.at(-1) ?? businessId, businessId } })) as Record<string, unknown> | null;

/**
 * Mails an invitation: a link to the staff registration page carrying a single-use invite code for
 * the account (its credential fingerprint changes when the password is set), valid for 7 days.
 */
export const mailInvitation = (services: Services, user: Record<string, unknown>, organization: Record<string, unknown> | null) => {
  services.mailer.sendLater(`invitation for user ${user._id}`, async () => {
    const code = createOneTimeToken(services.config.jwtSecret, 'invite', 'user', user, INVITE_SECONDS);
    const base = await portalBase(services, user.businessId as string);
    const email = user.email as string;
    const link = `${base}/staff/register?inviteCode=${encodeURIComponent(code)}&email=${encodeURIComponent(email)}`;
    const name = (organization?.name as string | undefined) ?? 'your care team';
    return {
      to: email,
      subject: `You are invited to join ${name}`,
      businessId: user.businessId as string,
      userId: user._id as string,
      ...linkMessage({
        intro: `You have been invited to join ${name}. Open this link to choose your password and sign in:`,
        linkText: 'Accept the invitation',
        link,
        outro: 'The link works once and expires in 7 days. If you did not expect it, ignore this message.',
      }),
    };
  });
};

/** Tells a registered user they now belong to another organization of the business. */
export const mailJoinNotice = (services: Services, user: Record<string, unknown>, organization: Record<string, unknown> | null) => {
  services.mailer.sendLater(`organization notice for user ${user._id}`, async () => {
    const base = await portalBase(services, user.businessId as string);
    const name = (organization?.name as string | undefined) ?? 'a new organization';
    return {
      to: user.email as string,
      subject: `You have joined ${name}`,
      businessId: user.businessId as string,
      userId: user._id as string,
      ...linkMessage({
        intro: `An administrator added you to ${name}. Sign in again with your usual password to continue:`,
        linkText: 'Sign in',
        link: `${base}/staff/login`,
      }),
    };
  });
};
