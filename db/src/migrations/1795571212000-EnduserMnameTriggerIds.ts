import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The reference client's enduser middle name (written by its trigger tests) and the ids of the automation triggers applied to the enduser. */
export class EnduserMnameTriggerIds1795571212000 implements MigrationInterface {
  name = 'EnduserMnameTriggerIds1795571212000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "endusers" ADD "mname" text`);
    await queryRunner.query(`ALTER TABLE "endusers" ADD "triggerIds" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "endusers" DROP COLUMN "triggerIds"`);
    await queryRunner.query(`ALTER TABLE "endusers" DROP COLUMN "mname"`);
  }
}
