import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * change_outbox rows name the api session that owns them (its relay claimed them, or its fast path
 * wrote them), so a relay can take over at once the rows of an api that died instead of waiting out
 * the lease or the grace period.
 */
export class ChangeOutboxOwner1795600000000 implements MigrationInterface {
  name = 'ChangeOutboxOwner1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "change_outbox" ADD "ownerPid" integer`);
    await queryRunner.query(`ALTER TABLE "change_outbox" ADD "ownerSince" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "change_outbox" DROP COLUMN "ownerSince"`);
    await queryRunner.query(`ALTER TABLE "change_outbox" DROP COLUMN "ownerPid"`);
  }
}
