import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Today lists every staff member's voicemails not heard yet (phone_calls.unread, newest first): an
 * index over (businessId, unread, _id) keeps that one range read however many calls a clinic keeps.
 */
export class PhoneCallsUnread1796100000000 implements MigrationInterface {
  name = 'PhoneCallsUnread1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_phone_calls_unread" ON "phone_calls" ("businessId", "unread", "_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_phone_calls_unread"`);
  }
}
