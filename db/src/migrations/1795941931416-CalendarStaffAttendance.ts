import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CALENDAR_STAFF_ATTENDANCE_FUNCTION, CREATE_CALENDAR_STAFF_ATTENDANCE, FILL_CALENDAR_STAFF_ATTENDANCE } from '../internal/calendar-staff-attendance';

/**
 * Staff attendance of appointments by (business, staff member, start) (db/src/internal/calendar-staff-attendance.ts),
 * kept by statement-level triggers on calendar_events (one pass over each statement's changed rows),
 * and filled from the appointments already stored.
 */
export class CalendarStaffAttendance1795941931416 implements MigrationInterface {
  name = 'CalendarStaffAttendance1795941931416';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_CALENDAR_STAFF_ATTENDANCE);
    await queryRunner.query(CALENDAR_STAFF_ATTENDANCE_FUNCTION);
    await queryRunner.query(`CREATE TRIGGER calendar_staff_attendance_insert AFTER INSERT ON calendar_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_staff_attendance_apply()`);
    await queryRunner.query(`CREATE TRIGGER calendar_staff_attendance_update AFTER UPDATE ON calendar_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_staff_attendance_apply()`);
    await queryRunner.query(`CREATE TRIGGER calendar_staff_attendance_delete AFTER DELETE ON calendar_events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calendar_staff_attendance_apply()`);
    await queryRunner.query(`CREATE TRIGGER calendar_staff_attendance_truncate AFTER TRUNCATE ON calendar_events FOR EACH STATEMENT EXECUTE FUNCTION calendar_staff_attendance_apply()`);
    await queryRunner.query(FILL_CALENDAR_STAFF_ATTENDANCE);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['truncate', 'delete', 'update', 'insert']) await queryRunner.query(`DROP TRIGGER calendar_staff_attendance_${name} ON calendar_events`);
    await queryRunner.query(`DROP FUNCTION calendar_staff_attendance_apply()`);
    await queryRunner.query(`DROP TABLE "calendar_staff_attendance"`);
  }
}
