import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every committed update or deletion of an account (users, endusers) and every change of a role's
 * permissions is announced with NOTIFY on 'carelane_accounts', whatever wrote it (a generic call, a
 * named call's raw SQL, the worker). Api processes LISTEN and drop what they cached of that account
 * at once, and close its sockets when its tokens no longer work (api/src/auth/account-changes.ts).
 * Payload: '<table>:<_id>' for accounts, 'role_based_access_permissions:<businessId>' for roles.
 */
export class AccountChangeNotify1795440000000 implements MigrationInterface {
  name = 'AccountChangeNotify1795440000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION carelane_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'role_based_access_permissions' THEN
    PERFORM pg_notify('carelane_accounts', TG_TABLE_NAME || ':' || COALESCE(NEW."businessId", OLD."businessId"));
  ELSE
    PERFORM pg_notify('carelane_accounts', TG_TABLE_NAME || ':' || OLD._id);
  END IF;
  RETURN NULL;
END $$`);
    await queryRunner.query(`CREATE TRIGGER carelane_users_changed AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION carelane_account_changed()`);
    await queryRunner.query(`CREATE TRIGGER carelane_endusers_changed AFTER UPDATE OR DELETE ON "endusers" FOR EACH ROW EXECUTE FUNCTION carelane_account_changed()`);
    await queryRunner.query(
      `CREATE TRIGGER carelane_role_permissions_changed AFTER INSERT OR UPDATE OR DELETE ON "role_based_access_permissions" FOR EACH ROW EXECUTE FUNCTION carelane_account_changed()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER carelane_role_permissions_changed ON "role_based_access_permissions"`);
    await queryRunner.query(`DROP TRIGGER carelane_endusers_changed ON "endusers"`);
    await queryRunner.query(`DROP TRIGGER carelane_users_changed ON "users"`);
    await queryRunner.query(`DROP FUNCTION carelane_account_changed()`);
  }
}
