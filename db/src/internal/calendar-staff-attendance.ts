/**
 * Which staff member attends which appointment when, kept by PostgreSQL itself: statement-level
 * triggers on calendar_events write one row per (event, staff attendee) of what each insert, update
 * or delete changes (migration CalendarStaffAttendance). A calendar of a few staff over a week reads
 * their rows by (business, staff member, start) instead of every appointment of the week with its
 * attendees in jsonb (bench/README.md, bench:scale's calendar week). Internal: no generic routes, no
 * wire shape; events-for-user reads the events themselves through the engine, so what the caller may
 * not see stays hidden.
 */
export const CALENDAR_STAFF_ATTENDANCE = 'calendar_staff_attendance';

/**
 * The table and its key, which is also the calendar's index: business, staff member, start, event,
 * with the end carried in the index (a view asks from a day early for what is still going on at its
 * start: those that end after it, read without visiting the table).
 */
export const CREATE_CALENDAR_STAFF_ATTENDANCE = `CREATE TABLE "${CALENDAR_STAFF_ATTENDANCE}" ("businessId" character varying(24) NOT NULL, "userId" text NOT NULL, "startTimeInMS" double precision NOT NULL, "eventId" character varying(24) NOT NULL, "endTimeInMS" double precision NOT NULL, CONSTRAINT "PK_${CALENDAR_STAFF_ATTENDANCE}" PRIMARY KEY ("businessId", "userId", "startTimeInMS", "eventId") INCLUDE ("endTimeInMS"))`;

/**
 * The attendance rows of `events` (a SELECT or transition table of calendar_events): one per staff
 * attendee (one listed twice is written once: the insert skips a key it holds, with no sort of a whole
 * import to find them); an event lasts at least a minute, as the staff calendar draws it (appointment-items.ts).
 */
const attendanceOf = (events: string) => `
    SELECT e."businessId", a.value->>'id' AS "userId", e."startTimeInMS", e._id AS "eventId",
           e."startTimeInMS" + GREATEST(COALESCE(e."durationInMinutes", 0), 1) * 60000 AS "endTimeInMS"
      FROM ${events} AS e
      CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(e.attendees) = 'array' THEN e.attendees ELSE '[]'::jsonb END) AS a
     WHERE e."startTimeInMS" IS NOT NULL AND a.value->>'type' = 'user' AND a.value->>'id' IS NOT NULL`;

// In key order: an import's rows go into the index one after another rather than all over it (300,000 appointments: 24 s -> 17 s with the trigger, 6 s without).
const insertOf = (events: string) => `
    INSERT INTO ${CALENDAR_STAFF_ATTENDANCE} ("businessId", "userId", "startTimeInMS", "eventId", "endTimeInMS")${attendanceOf(events)}
     ORDER BY 1, 2, 3, 4
    ON CONFLICT DO NOTHING;`;

// Deleted by their whole key, so the table's one index serves it.
const deleteOf = (events: string) => `
    DELETE FROM ${CALENDAR_STAFF_ATTENDANCE} AS t USING (${attendanceOf(events)}) AS d
     WHERE t."businessId" = d."businessId" AND t."userId" = d."userId" AND t."startTimeInMS" = d."startTimeInMS" AND t."eventId" = d."eventId";`;

// An update rewrites the rows only of events whose attendees, start, length or business changed (an RSVP count or a stamp changes none).
const changed = (side: 'o' | 'n') => `(SELECT ${side}.* FROM old_rows o JOIN new_rows n ON n._id = o._id
     WHERE o.attendees IS DISTINCT FROM n.attendees OR o."startTimeInMS" IS DISTINCT FROM n."startTimeInMS" OR o."durationInMinutes" IS DISTINCT FROM n."durationInMinutes" OR o."businessId" IS DISTINCT FROM n."businessId")`;

/** The trigger function migration CalendarStaffAttendance installs. */
export const CALENDAR_STAFF_ATTENDANCE_FUNCTION = `
CREATE OR REPLACE FUNCTION calendar_staff_attendance_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN${insertOf('new_rows')}
  ELSIF TG_OP = 'DELETE' THEN${deleteOf('old_rows')}
  ELSIF TG_OP = 'UPDATE' THEN${deleteOf(changed('o'))}${insertOf(changed('n'))}
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM ${CALENDAR_STAFF_ATTENDANCE};
  END IF;
  RETURN NULL;
END $$;`;

/** The appointments already stored, written as one insert of them all would (the migration, once). */
export const FILL_CALENDAR_STAFF_ATTENDANCE = insertOf('calendar_events');
