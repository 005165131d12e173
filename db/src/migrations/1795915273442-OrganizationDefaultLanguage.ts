import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrganizationDefaultLanguage1795915273442 implements MigrationInterface {
  name = 'OrganizationDefaultLanguage1795915273442';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" ADD "defaultLanguage" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organizations" DROP COLUMN "defaultLanguage"`);
  }
}
