import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AvailabilityBlockExceptions1795893000000 implements MigrationInterface {
  name = 'AvailabilityBlockExceptions1795893000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "availability_blocks" ADD "date" text`);
    await queryRunner.query(`ALTER TABLE "availability_blocks" ADD "unavailable" boolean`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "availability_blocks" DROP COLUMN "unavailable"`);
    await queryRunner.query(`ALTER TABLE "availability_blocks" DROP COLUMN "date"`);
  }
}
