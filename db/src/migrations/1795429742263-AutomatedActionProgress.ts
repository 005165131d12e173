import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AutomatedActionProgress1795429742263 implements MigrationInterface {
  name = 'AutomatedActionProgress1795429742263';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "automated_actions" ADD "progress" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "automated_actions" DROP COLUMN "progress"`);
  }
}
