import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UserTerms1795437192037 implements MigrationInterface {
  name = 'UserTerms1795437192037';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "termsVersion" text`);
    await queryRunner.query(`ALTER TABLE "users" ADD "termsSigned" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "termsSigned"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "termsVersion"`);
  }
}
