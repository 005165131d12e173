import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chats held until their sendAt: `delivered` is false until the chat goes out (endusers do not see it
 * before), `timestamp` is when it went out. Existing chats went out when they were created.
 */
export class ChatDeliveredTimestamp1795571214000 implements MigrationInterface {
  name = 'ChatDeliveredTimestamp1795571214000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The default fills existing rows; new chats get their value from the engine (onCreate), as the entity says.
    await queryRunner.query(`ALTER TABLE "chats" ADD "delivered" boolean DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "chats" ALTER COLUMN "delivered" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "chats" ADD "timestamp" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "chats" SET "timestamp" = "createdAt"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chats" DROP COLUMN "timestamp"`);
    await queryRunner.query(`ALTER TABLE "chats" DROP COLUMN "delivered"`);
  }
}
