import { IsArray, IsEmail, IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';
import { isId, newId, validators } from '@carelane/db';
import { In } from 'typeorm';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { issueBookingSessionToken } from '../../auth/tokens';
import { notFound } from '../../errors';
import { defineAction } from '../action';
import { parseInput, validatedField } from '../parse-input';

class PublicBookingSessionInput {
  @IsEmail({}, { message: 'Invalid email' })
  email!: string;

  @IsMongoId({ message: 'Invalid id' })
  calendarEventTemplateId!: string;

  @IsMongoId({ message: 'Invalid id' })
  businessId!: string;

  @IsOptional()
  @IsArray({ message: 'Expecting a list' })
  organizationIds?: string[];

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

  @IsOptional()
  @IsString({ message: 'Expecting non-empty string' })
  @MaxLength(250, { message: 'String must not exceed 250 characters' })
  state?: string;
}

/**
 * POST /session-for-public-appointment-booking { email, calendarEventTemplateId, businessId, fname?,
 * lname?, phone?, dateOfBirth?, state?, organizationIds? } (public) finds the business's enduser by
 * email, or creates one, and answers { authToken } good for a day and only for the booking widget's
 * calls (availability, book, page details): knowing a patient's email opens none of their records.
 */
export const sessionForPublicAppointmentBooking = defineAction({
  method: 'post',
  path: '/session-for-public-appointment-booking',
  auth: 'public',
  handler: async ({ services }, raw) => {
    const input = parseInput(PublicBookingSessionInput, raw);
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    // raw read: a public call has no caller for the engine; scoped to the named business.
    const template = await services.dataSource.getRepository('calendar_event_templates').findOne({ where: { _id: input.calendarEventTemplateId.toLowerCase(), businessId } });
    if (!template) throw notFound();
    const email = validatedField('email', validators.email, input.email);
    const phone = input.phone ? validatedField('phone', validators.phone, input.phone) : undefined;
    const fname = input.fname ? validatedField('fname', validators.name, input.fname) : undefined;
    const lname = input.lname ? validatedField('lname', validators.name, input.lname) : undefined;

    const { enduser, change } = await services.dataSource.transaction(async (manager) => {
      // raw SQL: an advisory lock (two tabs must not create two endusers for one email); the enduser is
      // written directly because no caller exists before it does, and announced with recordChange.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${businessId}:${email}`]);
      const existing = await manager.getRepository('endusers').findOne({ where: { businessId, email } });
      if (existing) return { enduser: existing as Record<string, unknown>, change: undefined };
      const id = newId();
      const now = new Date();
      // Only organizations of this business place the new enduser; anything else is ignored.
      const named = (input.organizationIds ?? []).filter((value) => isId(value)).map((value) => value.toLowerCase());
      const known = named.length ? await manager.getRepository('organizations').find({ where: { businessId, _id: In(named) }, select: ['_id'] }) : [];
      const organizationIds = named.filter((value) => known.some((row) => row._id === value));
      const record = { _id: id, businessId, organizationIds, sharedWithOrganizations: [], creator: id, email, phone, fname, lname, dateOfBirth: input.dateOfBirth, state: input.state, source: 'Appointment booking', sessionVersion: 0, createdAt: now, updatedAt: now };
      await manager.getRepository('endusers').insert(record);
      const created = await services.engine.recordChange(manager, { kind: 'created', resource: 'endusers', businessId, record });
      return { enduser: record as Record<string, unknown>, change: created };
    });
    if (change) services.engine.publish(change);
    return { authToken: issueBookingSessionToken(services.config, enduser), enduserId: enduser._id };
  },
});
