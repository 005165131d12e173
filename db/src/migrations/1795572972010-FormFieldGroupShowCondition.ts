import type { MigrationInterface, QueryRunner } from 'typeorm';

/** form_fields.groupShowCondition: when a Question Group's sub-question shows (issue 13). */
export class FormFieldGroupShowCondition1795572972010 implements MigrationInterface {
  name = 'FormFieldGroupShowCondition1795572972010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "form_fields" ADD "groupShowCondition" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "form_fields" DROP COLUMN "groupShowCondition"`);
  }
}
