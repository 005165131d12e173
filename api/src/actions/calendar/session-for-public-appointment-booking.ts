import { IsArray, IsMongoId, IsOptional, IsString, MaxLength } from 'class-validator';
import { calendar_event_templates, isId, newId, organizations, validators } from '@carelane/db';
import { resolvePublicBusiness } from '../../auth/public-tenant';
import { clientAddress } from '../../auth/request-info';
import { issueBookingSessionToken } from '../../auth/tokens';
import { notFound } from '../../errors';
import { defineAction } from '../action';
import { PublicVisitorFields } from '../input/public-visitor';
import { emailThen, Required, S } from '../input';

class PublicBookingSessionInput extends PublicVisitorFields {
  @Required(emailThen('Invalid email', validators.email), S.email, { absentIsInvalid: true })
  email!: string;

  @IsMongoId({ message: 'Invalid id' })
  calendarEventTemplateId!: string;

  @IsMongoId({ message: 'Invalid id' })
  businessId!: string;

  @IsOptional()
  @IsArray({ message: 'Expecting a list' })
  organizationIds?: string[];

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
  input: PublicBookingSessionInput,
  handler: async ({ services, req }, input) => {
    const businessId = await resolvePublicBusiness(services.dataSource, input.businessId);
    await services.throttle.attempt('public-booking', `booking:${businessId}:${String(input.email).toLowerCase()}`, clientAddress(req));
    // A public call has no caller: the engine reads as the named business's system.
    const [template] = await services.engine.system(businessId).rows(calendar_event_templates, { filter: { _id: input.calendarEventTemplateId.toLowerCase() }, limit: 1 });
    if (!template) throw notFound();
    const { email, phone, fname, lname } = input;

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
      const known = named.length ? await services.engine.system(businessId).within(manager).rows(organizations, { filter: { _id: { _in: named } } }) : [];
      const organizationIds = named.filter((value) => known.some((row) => row._id === value));
      const record = { _id: id, businessId, organizationIds, sharedWithOrganizations: [], creator: id, email, phone, fname, lname, dateOfBirth: input.dateOfBirth, state: input.state, source: 'Appointment booking', sessionVersion: 0, createdAt: now, updatedAt: now };
      // raw SQL: written as this call has always stored it (creator is the new enduser itself, the
      // fields checked above and no others), inside the advisory lock; recordChange announces it.
      await manager.getRepository('endusers').insert(record);
      const created = await services.engine.recordChange(manager, { kind: 'created', resource: 'endusers', businessId, record });
      return { enduser: record as Record<string, unknown>, change: created };
    });
    if (change) services.engine.publish(change);
    return { authToken: issueBookingSessionToken(services.config, enduser), enduserId: enduser._id };
  },
});
