import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ENDUSER_TAG_COUNTS_FUNCTION, FILL_ENDUSER_TAG_COUNTS } from '../internal/enduser-tag-counts';

/**
 * Counters of patients per tag and placement (db/src/internal/enduser-tag-counts.ts), kept by
 * statement-level triggers on endusers, and filled from the patients already stored.
 */
export class EnduserTagCounts1795970100000 implements MigrationInterface {
  name = 'EnduserTagCounts1795970100000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "enduser_tag_counts" ("key" character varying(32) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL, "sharedWithOrganizations" jsonb NOT NULL, "tag" text NOT NULL, "count" bigint NOT NULL, CONSTRAINT "PK_enduser_tag_counts" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_enduser_tag_counts_business" ON "enduser_tag_counts" ("businessId") `);
    await queryRunner.query(ENDUSER_TAG_COUNTS_FUNCTION);
    await queryRunner.query(`CREATE TRIGGER enduser_tag_counts_insert AFTER INSERT ON endusers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enduser_tag_counts_apply()`);
    await queryRunner.query(`CREATE TRIGGER enduser_tag_counts_update AFTER UPDATE ON endusers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION enduser_tag_counts_apply()`);
    await queryRunner.query(`CREATE TRIGGER enduser_tag_counts_delete AFTER DELETE ON endusers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION enduser_tag_counts_apply()`);
    await queryRunner.query(`CREATE TRIGGER enduser_tag_counts_truncate AFTER TRUNCATE ON endusers FOR EACH STATEMENT EXECUTE FUNCTION enduser_tag_counts_apply()`);
    await queryRunner.query(FILL_ENDUSER_TAG_COUNTS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ['truncate', 'delete', 'update', 'insert']) await queryRunner.query(`DROP TRIGGER enduser_tag_counts_${name} ON endusers`);
    await queryRunner.query(`DROP FUNCTION enduser_tag_counts_apply()`);
    await queryRunner.query(`DROP TABLE "enduser_tag_counts"`);
  }
}
