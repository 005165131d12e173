import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox's Mine as one indexed read per source (docs/decisions.md "Indexes for a million
 * patients"): rooms by member (chat_rooms.userIds) and patients by care team (endusers.assignedTo),
 * as the resource definitions declare them.
 */
export class InboxMineIndexes1795918558603 implements MigrationInterface {
  name = 'InboxMineIndexes1795918558603';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_endusers_contains_assignedTo" ON "endusers" USING gin ("assignedTo" jsonb_path_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_chat_rooms_contains_userIds" ON "chat_rooms" USING gin ("userIds" jsonb_path_ops)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_chat_rooms_contains_userIds"`);
    await queryRunner.query(`DROP INDEX "IDX_endusers_contains_assignedTo"`);
  }
}
