import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ChatSendAt1795563886687 implements MigrationInterface {
  name = 'ChatSendAt1795563886687';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chats" ADD "sendAt" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chats" DROP COLUMN "sendAt"`);
  }
}
