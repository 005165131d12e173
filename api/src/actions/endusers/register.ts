import { IsBoolean, IsMongoId, IsOptional, IsString } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { endusers, hashSecret, isId, newId, validators } from '@carelane/db';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { clientAddress } from '../../auth/request-info';
import { badRequest } from '../../errors';
import { defineAction, type Services } from '../action';
import { CheckedByHandler, emailThen, Optional, Required, S, stringThen } from '../input';

class RegisterInput {
  @IsMongoId({ message: 'Invalid id' })
  businessId!: string;

  /** Checked against the business's organizations inside the registration (checkOrganizationPath). */
  @CheckedByHandler(S.listOf(S.id))
  organizationIds?: unknown;

  @Required(emailThen('Invalid email', validators.email), S.email, { absentIsInvalid: true })
  email!: string;

  @Required(stringThen('Value not provided for required field: password', validators.password), S.password)
  password!: string;

  @Optional(validators.name, S.name, { emptyIsAbsent: true })
  fname?: string;

  @Optional(validators.name, S.name, { emptyIsAbsent: true })
  lname?: string;

  @IsOptional()
  @IsBoolean({ message: 'Invalid boolean' })
  emailConsent?: boolean;

  @Optional(validators.date, S.date, { emptyIsAbsent: true })
  termsSigned?: Date;

  @IsOptional()
  @IsString({ message: 'Expecting non-empty string' })
  termsVersion?: string;
}

export const UNKNOWN_ORGANIZATION = 'Error parsing field organizationIds: Unknown organization';

/**
 * A public caller may place themselves in a sub-organization of the business (the portal of that
 * organization), but only along its real path: [] (the root), or an organization's own
 * organizationIds followed by its id.
 */
const checkOrganizationPath = async (manager: EntityManager, businessId: string, value: unknown) => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isId)) throw badRequest('Error parsing field organizationIds: Expecting a list of ids', { field: 'organizationIds' });
  const path = (value as string[]).map((id) => id.toLowerCase());
  if (path.length === 0) return path;
  // raw SQL: organizations are not readable through the engine by a public caller; this reads one row of the named business.
  const [organization] = await manager.query(`SELECT "organizationIds" FROM organizations WHERE _id = $1 AND "businessId" = $2 AND _id <> "businessId"`, [path.at(-1), businessId]);
  const parentPath = (organization?.organizationIds as string[] | null) ?? [];
  if (!organization || JSON.stringify([...parentPath, path.at(-1)]) !== JSON.stringify(path)) throw badRequest(UNKNOWN_ORGANIZATION, { field: 'organizationIds' });
  return path;
};

/**
 * POST /register-as-enduser: a new patient account with a password. It answers `{}` whether or not
 * the email already has an account in the business (then nothing changes: a password is never
 * attached to an account someone else made), so nobody learns who is a patient; the client signs
 * in next (docs/contract/api.md#sessions: register, then log in).
 */
export const registerAsEnduser = defineAction({
  method: 'post',
  path: '/register-as-enduser',
  auth: 'public',
  input: RegisterInput,
  handler: async ({ services, req }, input) => {
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    const { password, email, fname, lname, termsSigned } = input;
    const identity = `${businessId}:${email}`;
    await services.throttle.attemptRegistration(identity, clientAddress(req));
    try {
      await createAccount(services, businessId, input.organizationIds, { email, password, fname, lname, termsSigned, emailConsent: input.emailConsent ?? false, termsVersion: input.termsVersion });
    } finally {
      await services.throttle.registrationDone(identity);
    }
    return {};
  },
});

type NewAccount = { email: string; password: string; fname?: string; lname?: string; termsSigned?: unknown; emailConsent: boolean; termsVersion?: string };

/** The account, unless the email already has one in the business (then nothing changes). */
const createAccount = async (services: Services, businessId: string, organizationPath: unknown, account: NewAccount) => {
  const { email, password, ...profile } = account;
  // Hashed before the existence check, so both answers take the same time.
  const hashedPassword = await hashSecret(password);
  const system = services.engine.system(businessId);
  // Through the engine: validated, its change recorded and announced ('Contact Created' triggers, endusers.create webhooks).
  await services.engine.transaction(async (tx) => {
    // Serialise registrations of one email within the business so two tabs cannot create two accounts.
    // raw SQL: an advisory lock is not a query on records.
    await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${businessId}:${email}`]);
    // Checked before the existence check: a bad organization path answers alike for both.
    const organizationIds = await checkOrganizationPath(tx.manager, businessId, organizationPath);
    if (await tx.row(endusers, system.caller, { email })) return;
    const id = newId();
    await tx.createOne(
      endusers,
      system.caller,
      { email, ...profile },
      { hashedPassword, sessionVersion: 0 },
      // A self-registered enduser is their own creator, and the change is theirs.
      { id, organizationIds, creator: id, actor: { type: 'enduser', id } },
    );
  });
};
