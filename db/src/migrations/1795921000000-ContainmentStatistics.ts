import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finer statistics for the jsonb lists the hot reads filter by one person's id (a patient's
 * appointments by attendee, rooms by patient or member, patients by care team). Each such list is
 * nearly unique per row, so PostgreSQL estimates `@>` from its histogram: with the default 100
 * entries a patient holding 0.5% of the rows is guessed at 0.01% to 2% depending on the sample, and
 * the high guesses pick a Seq Scan or a walk of the primary key over the GIN index (the EXPLAIN
 * guard saw both on a patient's 500 appointments). 1,000 entries bring the guess near the truth
 * (docs/decisions.md "Indexes for a million patients").
 */
export class ContainmentStatistics1795921000000 implements MigrationInterface {
  name = 'ContainmentStatistics1795921000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "calendar_events" ALTER COLUMN "attendees" SET STATISTICS 1000`);
    await queryRunner.query(`ALTER TABLE "chat_rooms" ALTER COLUMN "enduserIds" SET STATISTICS 1000`);
    await queryRunner.query(`ALTER TABLE "chat_rooms" ALTER COLUMN "userIds" SET STATISTICS 1000`);
    await queryRunner.query(`ALTER TABLE "endusers" ALTER COLUMN "assignedTo" SET STATISTICS 1000`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "endusers" ALTER COLUMN "assignedTo" SET STATISTICS -1`);
    await queryRunner.query(`ALTER TABLE "chat_rooms" ALTER COLUMN "userIds" SET STATISTICS -1`);
    await queryRunner.query(`ALTER TABLE "chat_rooms" ALTER COLUMN "enduserIds" SET STATISTICS -1`);
    await queryRunner.query(`ALTER TABLE "calendar_events" ALTER COLUMN "attendees" SET STATISTICS -1`);
  }
}
