import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An availability block's `active` is true, false or a date range ({ from?, to? }): a jsonb column (its booleans kept as JSON booleans). */
export class AvailabilityActiveRange1796000000000 implements MigrationInterface {
  name = 'AvailabilityActiveRange1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "availability_blocks" ALTER COLUMN "active" TYPE jsonb USING to_jsonb("active")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // A range reads as active: the boolean column cannot hold it.
    await queryRunner.query(`ALTER TABLE "availability_blocks" ALTER COLUMN "active" TYPE boolean USING (CASE WHEN jsonb_typeof("active") = 'boolean' THEN "active"::text::boolean WHEN "active" IS NULL THEN NULL ELSE true END)`);
  }
}
