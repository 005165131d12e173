import { IsEmail, IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';
import { newId, validators, FieldError } from '@carelane/db';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { issueFormSessionToken } from '../../auth/tokens';
import { badRequest, fieldError, forbidden, notFound } from '../../errors';
import { defineAction } from '../action';
import { parseInput } from '../parse-input';
import { formFillingPath, newAccessCode } from './form-access';

class PublicFormSessionInput {
  @IsMongoId({ message: 'Invalid id' })
  formId!: string;

  @IsMongoId({ message: 'Invalid id' })
  businessId!: string;

  @IsOptional()
  organizationIds?: string[];

  @IsOptional()
  @IsEmail({}, { message: 'Invalid email' })
  email?: string;

  @IsOptional()
  @IsString({ message: 'Invalid phone number' })
  phone?: string;

  @IsOptional()
  @IsString({ message: 'Invalid name' })
  fname?: string;

  @IsOptional()
  @IsString({ message: 'Invalid name' })
  lname?: string;

  @IsOptional()
  @IsString({ message: 'Expecting non-empty string' })
  @MaxLength(100, { message: 'String must not exceed 100 characters' })
  dateOfBirth?: string;
}

export const FORM_NOT_PUBLIC = 'This form is not available through a public link';

const normalise = <T>(field: string, validate: (value: unknown) => T, value: unknown) => {
  try {
    return validate(value);
  } catch (error) {
    throw error instanceof FieldError ? fieldError(field, error) : error;
  }
};

/**
 * POST /session-for-public-form: someone opens a form's public link. The enduser is found by email
 * (or phone) within the business, or created; the answer's token may fill this one response and
 * nothing else, so knowing a patient's email never opens their records.
 */
export const sessionForPublicForm = defineAction({
  method: 'post',
  path: '/session-for-public-form',
  auth: 'public',
  handler: async ({ services }, raw) => {
    const input = parseInput(PublicFormSessionInput, raw);
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    const form = await services.dataSource.getRepository('forms').findOne({ where: { _id: input.formId, businessId } });
    if (!form) throw notFound();
    if (!form.allowPublicURL) throw forbidden(FORM_NOT_PUBLIC);
    const email = input.email ? normalise('email', validators.email, input.email) : undefined;
    const phone = input.phone ? normalise('phone', validators.phone, input.phone) : undefined;
    if (form.intakePhone === 'required' && !phone) throw badRequest('Value not provided for required field: phone');

    const fname = input.fname ? normalise('fname', validators.name, input.fname) : undefined;
    const lname = input.lname ? normalise('lname', validators.name, input.lname) : undefined;

    const { enduser, response, change } = await services.dataSource.transaction(async (manager) => {
      const identity = email ? { email } : phone ? { phone } : undefined;
      // Serialise sessions for one identity so two tabs cannot create two endusers.
      if (identity) await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${businessId}:${email ?? phone}`]);
      const now = new Date();
      let enduser = identity ? await manager.getRepository('endusers').findOne({ where: { businessId, ...identity } }) : null;
      if (!enduser) {
        const id = newId();
        enduser = { _id: id, businessId, organizationIds: [], sharedWithOrganizations: [], creator: id, email, phone, fname, lname, dateOfBirth: input.dateOfBirth, source: 'Public form', sessionVersion: 0, createdAt: now, updatedAt: now };
        await manager.getRepository('endusers').insert(enduser);
      }
      const response = {
        _id: newId(),
        businessId,
        organizationIds: enduser.organizationIds ?? [],
        sharedWithOrganizations: [],
        creator: enduser._id,
        formId: form._id,
        enduserId: enduser._id,
        formTitle: form.title,
        accessCode: newAccessCode(),
        publicSubmit: true,
        userEmail: email,
        createdAt: now,
        updatedAt: now,
      };
      await manager.getRepository('form_responses').insert(response);
      const change = await services.engine.recordChange(manager, { kind: 'created', resource: 'form_responses', businessId, record: response });
      return { enduser: enduser as Record<string, unknown>, response, change };
    });
    services.engine.publish(change);
    const path = formFillingPath(response.accessCode);
    return {
      accessCode: response.accessCode,
      authToken: issueFormSessionToken(services.config, enduser, response._id),
      url: `${services.config.portalUrl}${path}`,
      path,
      enduserId: enduser._id,
    };
  },
});
