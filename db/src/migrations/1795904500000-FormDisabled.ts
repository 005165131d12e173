import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FormDisabled1795904500000 implements MigrationInterface {
  name = 'FormDisabled1795904500000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "forms" ADD "disabled" boolean`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "forms" DROP COLUMN "disabled"`);
  }
}
