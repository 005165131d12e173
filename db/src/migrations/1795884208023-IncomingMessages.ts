import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IncomingMessages1795884208023 implements MigrationInterface {
  name = 'IncomingMessages1795884208023';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sms_messages" ADD "phoneNumber" text`);
    await queryRunner.query(`ALTER TABLE "sms_messages" ADD "businessPhoneNumber" text`);
    await queryRunner.query(`ALTER TABLE "sms_messages" ADD "possibleEnduserIds" jsonb`);
    await queryRunner.query(`CREATE INDEX "IDX_sms_messages_internalMessageId" ON "sms_messages" ("businessId", "internalMessageId") `);
    await queryRunner.query(`CREATE INDEX "IDX_sms_messages_phoneNumber" ON "sms_messages" ("businessId", "phoneNumber") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_sms_messages_phoneNumber"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_sms_messages_internalMessageId"`);
    await queryRunner.query(`ALTER TABLE "sms_messages" DROP COLUMN "possibleEnduserIds"`);
    await queryRunner.query(`ALTER TABLE "sms_messages" DROP COLUMN "businessPhoneNumber"`);
    await queryRunner.query(`ALTER TABLE "sms_messages" DROP COLUMN "phoneNumber"`);
  }
}
