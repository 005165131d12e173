import { calendar_event_templates, users } from '@carelane/db';
import type { EntityManager } from 'typeorm';
import type { UserCaller } from '../../auth/caller';
import { badRequest } from '../../errors';
import { isSlotAvailable } from '../../calendar/availability';
import { lockUserCalendar } from '../../calendar/booking-guard';
import type { Services } from '../action';
import { availabilityData, type BookingRules } from './booking-context';

type Row = Record<string, unknown>;

/**
 * Why staff scheduling refuses a time, naming the staff member so the person at the desk knows what
 * to change. Busy time counts the staff member's appointments and their connected calendars' events.
 */
export const STAFF_SCHEDULING_MESSAGES = {
  outsideHours: (name: string) => `${name} is not working at this time. Pick a time within their working hours.`,
  busy: (name: string) => `${name} already has an appointment or is busy at this time. Pick another time.`,
  unknownStaff: 'This staff member does not exist or you cannot see them',
  notAPatient: 'Choose a patient for this appointment',
  closed: 'This appointment was cancelled or moved, so it cannot be changed',
} as const;

/** A staff member as colleagues call them (display name, first and last name, email), never an id. */
export const staffName = async (services: Services, caller: UserCaller, userId: string) => {
  try {
    const user = (await services.engine.getOne(users, caller, userId)) as Row;
    const name = String(user.displayName ?? '').trim() || [user.fname, user.lname].filter(Boolean).join(' ').trim() || String(user.email ?? '');
    return name || 'This staff member';
  } catch {
    return 'This staff member';
  }
};

/** Booking's rules for an appointment: its type's buffers when it has one, else the appointment's own length. */
export const rulesForAppointment = async (services: Services, caller: UserCaller, durationInMinutes: number, templateId?: string, locationId?: string): Promise<BookingRules['base']> => {
  const template = templateId ? ((await services.engine.getOne(calendar_event_templates, caller, templateId).catch(() => undefined)) as Row | undefined) : undefined;
  return {
    durationInMinutes,
    locationId,
    bufferStartMinutes: Number(template?.bufferStartMinutes ?? 0) || 0,
    bufferEndMinutes: Number(template?.bufferEndMinutes ?? 0) || 0,
  };
};

/**
 * The check booking makes (api/src/calendar/availability.ts over the same data), run inside the
 * writing transaction after the staff member's calendar is locked, so two people placing the same
 * time cannot both succeed. Staff may start at any minute of the working hours (patients only at the
 * offered slots). `exceptEventId`: the appointment being moved does not block its own new time.
 */
export const checkStaffSlot = async (
  manager: EntityManager,
  caller: UserCaller,
  base: BookingRules['base'],
  staff: { id: string; name: string },
  start: number,
  exceptEventId?: string,
) => {
  await lockUserCalendar(manager, caller.businessId, staff.id);
  const window = { from: start, to: start + base.durationInMinutes * 60_000 };
  const data = await availabilityData(manager, caller.businessId, window, base, [staff.id], exceptEventId);
  if (data.users.length === 0) throw badRequest(STAFF_SCHEDULING_MESSAGES.unknownStaff);
  const input = { ...base, ...data, intervalInMinutes: 1 };
  if (!isSlotAvailable({ ...input, busy: [] }, staff.id, start)) throw badRequest(STAFF_SCHEDULING_MESSAGES.outsideHours(staff.name));
  if (!isSlotAvailable(input, staff.id, start)) throw badRequest(STAFF_SCHEDULING_MESSAGES.busy(staff.name));
};
