import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EmailMessageIdIndex1795916441299 implements MigrationInterface {
  name = 'EmailMessageIdIndex1795916441299';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_emails_messageId" ON "emails" ("businessId", "messageId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_emails_messageId"`);
  }
}
