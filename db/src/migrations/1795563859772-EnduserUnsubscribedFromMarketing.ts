import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EnduserUnsubscribedFromMarketing1795563859772 implements MigrationInterface {
  name = 'EnduserUnsubscribedFromMarketing1795563859772';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "endusers" ADD "unsubscribedFromMarketing" boolean`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "endusers" DROP COLUMN "unsubscribedFromMarketing"`);
  }
}
