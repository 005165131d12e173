import { IsBoolean, IsEmail, IsMongoId, IsOptional, IsString } from 'class-validator';
import { hashSecret, newId, validators, FieldError } from '@carelane/db';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { badRequest, fieldError } from '../../errors';
import { defineAction } from '../action';
import { parseInput } from '../parse-input';
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

/** POST /register-as-enduser: a new patient account with a password, signed in at once. */
export const registerAsEnduser = defineAction({
  method: 'post',
  path: '/register-as-enduser',
  auth: 'public',
  handler: async ({ services }, raw) => {
    const input = parseInput(RegisterInput, raw);
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    const parse = <T>(field: string, validate: (value: unknown) => T, value: unknown) => {
      try {
        return validate(value);
      } catch (error) {
        throw error instanceof FieldError ? fieldError(field, error) : error;
      }
    };
    const password = parse('password', validators.password, input.password);
    const email = parse('email', validators.email, input.email);
    const fname = input.fname ? parse('fname', validators.name, input.fname) : undefined;
    const lname = input.lname ? parse('lname', validators.name, input.lname) : undefined;
    const termsSigned = input.termsSigned ? parse('termsSigned', validators.date, input.termsSigned) : undefined;
    const hashedPassword = await hashSecret(password);
    const row = await services.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository('endusers');
      // Serialise registrations of one email within the business so two tabs cannot create two accounts.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${businessId}:${email}`]);
      if (await repository.exists({ where: { businessId, email } })) throw badRequest(ACCOUNT_EXISTS);
      const id = newId();
      const now = new Date();
      const record = {
        _id: id,
        businessId,
        organizationIds: Array.isArray(input.organizationIds) ? input.organizationIds.filter((o) => typeof o === 'string') : [],
        sharedWithOrganizations: [],
        creator: id,
        email,
        fname,
        lname,
        emailConsent: input.emailConsent ?? false,
        termsSigned,
        termsVersion: input.termsVersion,
        hashedPassword,
        sessionVersion: 0,
        createdAt: now,
        updatedAt: now,
      };
      await repository.insert(record);
      return record as Record<string, unknown>;
    });
    return { authToken: issueEnduserToken(services.config, row), enduser: enduserSessionInfo(row) };
  },
});
