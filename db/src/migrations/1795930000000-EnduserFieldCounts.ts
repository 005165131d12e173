import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ENDUSER_FIELD_COUNTS_FUNCTION, FILL_ENDUSER_FIELD_COUNTS } from '../internal/enduser-field-counts';

/**
 * Counters of patients per custom field value and placement (db/src/internal/enduser-field-counts.ts),
 * kept by statement-level triggers on endusers (one pass over each statement's changed rows, so an
 * import of thousands is one update of a few counters), and filled from the patients already stored.
 */
export class EnduserFieldCounts1795930000000 implements MigrationInterface {
  name = 'EnduserFieldCounts1795930000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "enduser_field_counts" ("key" character varying(32) NOT NULL, "businessId" character varying(24) NOT NULL, "field" text NOT NULL, "organizationIds" jsonb NOT NULL, "sharedWithOrganizations" jsonb NOT NULL, "value" text NOT NULL, "count" bigint NOT NULL, CONSTRAINT "PK_enduser_field_counts" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_enduser_field_counts_business_field" ON "enduser_field_counts" ("businessId", "field") `);
    await queryRunner.query(ENDUSER_FIELD_COUNTS_FUNCTION);
    await queryRunner.query(`CREATE TRIGGER enduser_field_counts_insert AFTER INSERT ON endusers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enduser_field_counts_apply()`);
    await queryRunner.query(`CREATE TRIGGER enduser_field_counts_update AFTER UPDATE ON endusers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enduser_field_counts_apply()`);
    await queryRunner.query(`CREATE TRIGGER enduser_field_counts_delete AFTER DELETE ON endusers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION enduser_field_counts_apply()`);
    await queryRunner.query(`CREATE TRIGGER enduser_field_counts_truncate AFTER TRUNCATE ON endusers FOR EACH STATEMENT EXECUTE FUNCTION enduser_field_counts_apply()`);
    // The patients stored before, counted as one insert of them all would be.
    await queryRunner.query(FILL_ENDUSER_FIELD_COUNTS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['truncate', 'delete', 'update', 'insert']) await queryRunner.query(`DROP TRIGGER enduser_field_counts_${name} ON endusers`);
    await queryRunner.query(`DROP FUNCTION enduser_field_counts_apply()`);
    await queryRunner.query(`DROP TABLE "enduser_field_counts"`);
  }
}
