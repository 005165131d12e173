import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SecondFactor1795904422617 implements MigrationInterface {
  name = 'SecondFactor1795904422617';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" ADD "enforceMFA" boolean`);
    await queryRunner.query(`ALTER TABLE "organizations" ADD "enforceEnduserMFA" boolean`);
    await queryRunner.query(`ALTER TABLE "users" ADD "mfa" jsonb`);
    await queryRunner.query(`ALTER TABLE "users" ADD "mfaChallenge" jsonb`);
    await queryRunner.query(`ALTER TABLE "users" ADD "mfaRecoveryCodes" jsonb`);
    await queryRunner.query(`ALTER TABLE "endusers" ADD "mfa" jsonb`);
    await queryRunner.query(`ALTER TABLE "endusers" ADD "language" jsonb`);
    await queryRunner.query(`ALTER TABLE "endusers" ADD "mfaChallenge" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "endusers" DROP COLUMN "mfaChallenge"`);
    await queryRunner.query(`ALTER TABLE "endusers" DROP COLUMN "language"`);
    await queryRunner.query(`ALTER TABLE "endusers" DROP COLUMN "mfa"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "mfaRecoveryCodes"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "mfaChallenge"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "mfa"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "enforceEnduserMFA"`);
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "enforceMFA"`);
  }
}
