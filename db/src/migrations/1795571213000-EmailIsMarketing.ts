import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Marketing emails (the reference client's emails.isMarketing): never sent to an enduser unsubscribed from marketing. */
export class EmailIsMarketing1795571213000 implements MigrationInterface {
  name = 'EmailIsMarketing1795571213000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" ADD "isMarketing" boolean`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "isMarketing"`);
  }
}
