import { IsBoolean, IsEmail, IsMongoId, IsOptional, IsString } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { endusers, hashSecret, isId, newId, validators } from '@carelane/db';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { badRequest } from '../../errors';
import { defineAction } from '../action';
import { parseInput, validatedField } from '../parse-input';
import { enduserSessionInfo, issueEnduserToken } from './enduser-session';

class RegisterInput {
  @IsMongoId({ message: 'Invalid id' })
  businessId!: string;

  @IsOptional()
  organizationIds?: string[];

  @IsEmail({}, { message: 'Invalid email' })
  email!: string;

  @IsString({ message: 'Value not provided for required field: password' })
  password!: string;

  @IsOptional()
  fname?: string;

  @IsOptional()
  lname?: string;

  @IsOptional()
  @IsBoolean({ message: 'Invalid boolean' })
  emailConsent?: boolean;

  @IsOptional()
  termsSigned?: string;

  @IsOptional()
  @IsString({ message: 'Expecting non-empty string' })
  termsVersion?: string;
}

export const ACCOUNT_EXISTS = 'An account already exists for this email';
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

/** POST /register-as-enduser: a new patient account with a password, signed in at once. */
export const registerAsEnduser = defineAction({
  method: 'post',
  path: '/register-as-enduser',
  auth: 'public',
  handler: async ({ services }, raw) => {
    const input = parseInput(RegisterInput, raw);
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    const password = validatedField('password', validators.password, input.password);
    const email = validatedField('email', validators.email, input.email);
    const fname = input.fname ? validatedField('fname', validators.name, input.fname) : undefined;
    const lname = input.lname ? validatedField('lname', validators.name, input.lname) : undefined;
    const termsSigned = input.termsSigned ? validatedField('termsSigned', validators.date, input.termsSigned) : undefined;
    const hashedPassword = await hashSecret(password);
    const system = services.engine.system(businessId);
    // Through the engine: validated, its change recorded and announced ('Contact Created' triggers, endusers.create webhooks).
    const row = await services.engine.transaction(async (tx) => {
      // Serialise registrations of one email within the business so two tabs cannot create two accounts.
      // raw SQL: an advisory lock is not a query on records.
      await tx.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${businessId}:${email}`]);
      if (await tx.row(endusers, system.caller, { email })) throw badRequest(ACCOUNT_EXISTS);
      const organizationIds = await checkOrganizationPath(tx.manager, businessId, input.organizationIds);
      const id = newId();
      await tx.createOne(
        endusers,
        system.caller,
        { email, fname, lname, emailConsent: input.emailConsent ?? false, termsSigned, termsVersion: input.termsVersion },
        { hashedPassword, sessionVersion: 0 },
        // A self-registered enduser is their own creator, and the change is theirs.
        { id, organizationIds, creator: id, actor: { type: 'enduser', id } },
      );
      return (await tx.row(endusers, system.caller, { _id: id }))!;
    });
    return { authToken: issueEnduserToken(services.config, row), enduser: enduserSessionInfo(row) };
  },
});
