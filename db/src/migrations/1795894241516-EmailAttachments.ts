import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EmailAttachments1795894241516 implements MigrationInterface {
  name = 'EmailAttachments1795894241516';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" ADD "attachments" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "attachments"`);
  }
}
