import type { MigrationInterface, QueryRunner } from 'typeorm';

/** enduserAttendeeLimit on appointment types and events: a field of the reference client's types, stored (issue 12). */
export class EnduserAttendeeLimit1795562000000 implements MigrationInterface {
  name = 'EnduserAttendeeLimit1795562000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar_event_templates" ADD "enduserAttendeeLimit" double precision`);
    await queryRunner.query(`ALTER TABLE "calendar_events" ADD "enduserAttendeeLimit" double precision`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar_events" DROP COLUMN "enduserAttendeeLimit"`);
    await queryRunner.query(`ALTER TABLE "calendar_event_templates" DROP COLUMN "enduserAttendeeLimit"`);
  }
}
