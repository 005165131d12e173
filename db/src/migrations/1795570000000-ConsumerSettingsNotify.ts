import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every committed write of a business's webhook configuration or automation triggers is announced
 * on 'carelane_accounts' as '<table>:<businessId>', whatever wrote it, like the account changes
 * (AccountChangeNotify). The api keeps both per business for the change feed's consumers (each
 * committed change looked them up: two queries per write) and forgets them when this is heard
 * (api/src/events/consumer-settings.ts).
 */
export class ConsumerSettingsNotify1795570000000 implements MigrationInterface {
  name = 'ConsumerSettingsNotify1795570000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION carelane_business_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carelane_accounts', TG_TABLE_NAME || ':' || COALESCE(NEW."businessId", OLD."businessId"));
  RETURN NULL;
END $$`);
    await queryRunner.query(`CREATE TRIGGER carelane_webhooks_changed AFTER INSERT OR UPDATE OR DELETE ON "webhooks" FOR EACH ROW EXECUTE FUNCTION carelane_business_settings_changed()`);
    await queryRunner.query(
      `CREATE TRIGGER carelane_automation_triggers_changed AFTER INSERT OR UPDATE OR DELETE ON "automation_triggers" FOR EACH ROW EXECUTE FUNCTION carelane_business_settings_changed()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER carelane_automation_triggers_changed ON "automation_triggers"`);
    await queryRunner.query(`DROP TRIGGER carelane_webhooks_changed ON "webhooks"`);
    await queryRunner.query(`DROP FUNCTION carelane_business_settings_changed()`);
  }
}
