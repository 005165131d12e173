import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The api keeps pages of the staff patient list between requests and drops a business's pages the
 * moment any of its patients is added, changed or removed (api/src/actions/lists/list-page-cache.ts),
 * whatever wrote the row. So the account triggers' notice of a patient (AccountChangeNotify) now names
 * the patient's business too, 'endusers:<_id>:<businessId>', and one statement adding patients is
 * announced once per business it added to, 'enduser-inserts:<businessId>' (a CSV import of 10,000
 * rows is one notice, not 10,000).
 */
export class PatientListNotify1796300000000 implements MigrationInterface {
  name = 'PatientListNotify1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION carelane_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'role_based_access_permissions' THEN
    PERFORM pg_notify('carelane_accounts', TG_TABLE_NAME || ':' || COALESCE(NEW."businessId", OLD."businessId"));
  ELSIF TG_TABLE_NAME = 'endusers' THEN
    PERFORM pg_notify('carelane_accounts', TG_TABLE_NAME || ':' || OLD._id || ':' || OLD."businessId");
  ELSE
    PERFORM pg_notify('carelane_accounts', TG_TABLE_NAME || ':' || OLD._id);
  END IF;
  RETURN NULL;
END $$`);
    await queryRunner.query(`CREATE FUNCTION carelane_endusers_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carelane_accounts', 'enduser-inserts:' || added."businessId") FROM (SELECT DISTINCT "businessId" FROM inserted_rows) added;
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER carelane_endusers_inserted AFTER INSERT ON "endusers" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION carelane_endusers_inserted()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER carelane_endusers_inserted ON "endusers"`);
    await queryRunner.query(`DROP FUNCTION carelane_endusers_inserted()`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION carelane_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'role_based_access_permissions' THEN
    PERFORM pg_notify('carelane_accounts', TG_TABLE_NAME || ':' || COALESCE(NEW."businessId", OLD."businessId"));
  ELSE
    PERFORM pg_notify('carelane_accounts', TG_TABLE_NAME || ':' || OLD._id);
  END IF;
  RETURN NULL;
END $$`);
  }
}
