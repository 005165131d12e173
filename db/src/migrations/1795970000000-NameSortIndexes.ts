import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The patient list sorted by last name, either way, still without-a-name last (db/src/resources/endusers.ts
 * declares both; db/src/indexes.ts sortKeysSql is the expression the list orders by).
 */
export class NameSortIndexes1795970000000 implements MigrationInterface {
  name = 'NameSortIndexes1795970000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_endusers_sort_lname" ON "endusers" ("businessId", (("lname" IS NOT NULL)), (COALESCE("lname", '')), "_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_sort_lname_oldFirst" ON "endusers" ("businessId", (("lname" IS NULL)), (COALESCE("lname", '')), "_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_endusers_sort_lname_oldFirst"`);
    await queryRunner.query(`DROP INDEX "IDX_endusers_sort_lname"`);
  }
}
