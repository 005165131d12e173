import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The patient list sorted by last name orders patients of the same last name by first name (they came
 * in the order they were added): both name sort indexes gain the first name after the last
 * (db/src/resources/endusers.ts `thenBy`; db/src/indexes.ts sortKeysSql is the expression the list orders by).
 */
export class NameSortByFirstName1795990000000 implements MigrationInterface {
  name = 'NameSortByFirstName1795990000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_endusers_sort_lname"`);
    await queryRunner.query(`DROP INDEX "IDX_endusers_sort_lname_oldFirst"`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_sort_lname" ON "endusers" ("businessId", (("lname" IS NOT NULL)), (COALESCE("lname", '')), (COALESCE("fname", '')), "_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_sort_lname_oldFirst" ON "endusers" ("businessId", (("lname" IS NULL)), (COALESCE("lname", '')), (COALESCE("fname", '')), "_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_endusers_sort_lname"`);
    await queryRunner.query(`DROP INDEX "IDX_endusers_sort_lname_oldFirst"`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_sort_lname" ON "endusers" ("businessId", (("lname" IS NOT NULL)), (COALESCE("lname", '')), "_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_sort_lname_oldFirst" ON "endusers" ("businessId", (("lname" IS NULL)), (COALESCE("lname", '')), "_id")`);
  }
}
