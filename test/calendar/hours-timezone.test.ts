import { DateTime } from 'luxon';
import type { Session } from '@tellescope/sdk';
import { startApi, type RunningApi } from '../support/api-server';
import { createEnduser, createStaff } from '../identity/support';
import { createSubOrganization, freshTenant, memberOf } from '../analytics/support';
import { availability, book, DAY, every, MINUTE, nextMonday, type Slot } from './support';

/**
 * Whose clock weekly hours are read on (docs/decisions.md, "Availability: whose clock"): the staff
 * member's zone, else the zone of the location the hours name, else their organization's; with none
 * they are read in UTC and reported once as a background error.
 */
describe('weekly hours on the staff member’s, the location’s or the organization’s clock', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  /** 09:00 on the wall clock of `zone`, on the (UTC) day starting at `day`. */
  const nineAt = (zone: string, day: number) => {
    const date = DateTime.fromMillis(day, { zone: 'UTC' });
    return DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour: 9 }, { zone }).toMillis();
  };

  /** A tenant with a 30-minute self-schedulable template, a patient, and a staff member without a zone of their own. */
  const setup = async (hours: (locationId?: string) => unknown[], options: { locationZone?: string } = {}) => {
    const { tenant, admin } = await freshTenant(api);
    const location = options.locationZone ? await admin.api.appointment_locations.createOne({ title: 'Santa Monica', timezone: options.locationZone } as never) : undefined;
    const staff = await createStaff(api, admin);
    await admin.api.users.updateOne(staff.user.id, { fname: 'Dana', lname: 'Noclock', weeklyAvailabilities: hours(location?.id) } as never);
    const template = await admin.api.calendar_event_templates.createOne({ title: 'Visit', durationInMinutes: 30, enableSelfScheduling: true } as never);
    const patient = await createEnduser(api.host, admin, tenant);
    return { tenant, admin, staff, location, template, patient, monday: nextMonday() };
  };

  const withoutTimezone = async (admin: Session, args: Record<string, unknown>) =>
    ((await admin.api.calendar_events.get_appointment_availability(args as never)) as unknown as { usersWithoutTimezone?: string[] }).usersWithoutTimezone;

  const hoursErrors = async (admin: Session) =>
    ((await admin.api.background_errors.getSome({ limit: 1000 } as never)) as { title: string; message: string }[]).filter(
      (error) => error.title === 'Working hours without a time zone',
    );

  test('no zone of their own, hours naming a Los Angeles location: slots from 09:00 Los Angeles time, and booking takes them', async () => {
    const mondayHours = (locationId?: string) => [{ ...every([1], 540, 1020)[0], locationId }];
    const { admin, staff, location, template, patient, monday } = await setup(mondayHours, { locationZone: 'America/Los_Angeles' });
    const args = { calendarEventTemplateId: template.id, userId: staff.user.id, locationId: location!.id, from: new Date(monday), to: new Date(monday + 2 * DAY) };
    const slots: Slot[] = await availability(patient.session, args);
    const nine = nineAt('America/Los_Angeles', monday);
    // 09:00-17:00 Los Angeles: 16 half hours, the first at 09:00 there (17:00Z or 16:00Z), not 09:00Z.
    expect(slots.map((slot) => slot.startTimeInMS)).toEqual(Array.from({ length: 16 }, (_, i) => nine + i * 30 * MINUTE));
    expect(DateTime.fromMillis(slots[0].startTimeInMS, { zone: 'America/Los_Angeles' }).toFormat('HH:mm')).toBe('09:00');
    // The patient's answer carries only the reference client's field; staff also hear that this user's hours have a zone.
    expect(Object.keys((await patient.session.api.calendar_events.get_appointment_availability(args as never)) as object)).toEqual(['availabilityBlocks']);
    expect(await withoutTimezone(admin, args)).toEqual([]);

    // Booking checks the same clock: 09:00 UTC is refused, 09:00 Los Angeles taken.
    const bookArgs = { calendarEventTemplateId: template.id, userId: staff.user.id, locationId: location!.id };
    await expect(book(patient.session, { ...bookArgs, startTime: new Date(monday + 9 * 60 * MINUTE) })).rejects.toMatchObject({
      message: 'This time is not within the availability of the selected user',
    });
    const { createdEvent } = await book(patient.session, { ...bookArgs, startTime: new Date(nine) });
    expect(createdEvent).toMatchObject({ startTimeInMS: nine, locationId: location!.id });
    expect(await hoursErrors(admin)).toEqual([]);
  });

  test('hours without a location are on the organization’s clock: a sub-organization’s own zone before the root’s', async () => {
    const { tenant, admin, staff, template, patient, monday } = await setup(() => every([1], 540, 600));
    await admin.api.organizations.updateOne(tenant.businessId, { timezone: 'America/Chicago' } as never);
    const args = { calendarEventTemplateId: template.id, from: new Date(monday), to: new Date(monday + 2 * DAY) };
    const chicago = nineAt('America/Chicago', monday);
    expect((await availability(patient.session, { ...args, userId: staff.user.id })).map((slot) => slot.startTimeInMS)).toEqual([chicago, chicago + 30 * MINUTE]);

    // A member of a sub-organization with a zone of its own is read on it; one whose organization has none, on the root's.
    const west = await createSubOrganization(admin, 'West');
    await admin.api.organizations.updateOne(west.id, { timezone: 'America/Denver' } as never);
    const quiet = await createSubOrganization(admin, 'Quiet');
    const westStaff = await memberOf(api, admin, [west.id], ['Non-Admin']);
    const quietStaff = await memberOf(api, admin, [quiet.id], ['Non-Admin']);
    for (const member of [westStaff, quietStaff]) await admin.api.users.updateOne(member.user.id, { weeklyAvailabilities: every([1], 540, 600) } as never);
    const startsOf = async (userId: string) => (await availability(patient.session, { ...args, userId })).map((slot) => slot.startTimeInMS);
    const denver = nineAt('America/Denver', monday);
    expect(await startsOf(westStaff.user.id)).toEqual([denver, denver + 30 * MINUTE]);
    expect(await startsOf(quietStaff.user.id)).toEqual([chicago, chicago + 30 * MINUTE]);
    // The staff member's own zone still comes first.
    await admin.api.users.updateOne(westStaff.user.id, { timezone: 'Europe/Berlin' } as never);
    const berlin = nineAt('Europe/Berlin', monday);
    expect(await startsOf(westStaff.user.id)).toEqual([berlin, berlin + 30 * MINUTE]);
    expect(await withoutTimezone(admin, args)).toEqual([]);
    expect(await hoursErrors(admin)).toEqual([]);
  });

  test('no zone anywhere: still offered in UTC, reported once as a background error naming the staff member, and flagged to staff', async () => {
    const { admin, staff, template, patient, monday } = await setup(() => every([1], 540, 600));
    const args = { calendarEventTemplateId: template.id, from: new Date(monday), to: new Date(monday + DAY) };
    // Booking does not break: 09:00-10:00 read as UTC.
    expect((await availability(patient.session, args)).map((slot) => slot.startTimeInMS)).toEqual([monday + 9 * 60 * MINUTE, monday + 9.5 * 60 * MINUTE]);
    expect(await withoutTimezone(admin, args)).toEqual([staff.user.id]);
    expect(await withoutTimezone(admin, { ...args, userId: staff.user.id })).toEqual([staff.user.id]);
    for (let i = 0; i < 3; i++) await availability(patient.session, args);

    const errors = await hoursErrors(admin);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('Dana Noclock');
    expect(errors[0].message).toContain('UTC');

    // Once a zone applies, the flag goes (the recorded error stays for staff to acknowledge).
    await admin.api.users.updateOne(staff.user.id, { timezone: 'America/New_York' } as never);
    expect(await withoutTimezone(admin, args)).toEqual([]);
    expect(await hoursErrors(admin)).toHaveLength(1);
  });
});
