import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IntegrationConnectedBy1795882005629 implements MigrationInterface {
  name = 'IntegrationConnectedBy1795882005629';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "integrations" ADD "connectedBy" character varying(24)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "integrations" DROP COLUMN "connectedBy"`);
  }
}
