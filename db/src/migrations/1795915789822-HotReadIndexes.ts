import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The indexes the resource definitions declare for the hot reads at a million patients (their
 * `indexes`, db/src/indexes.ts; docs/decisions.md "Indexes for a million patients"), as the
 * definitions built them when this was written. pg_trgm serves the search index.
 */
export class HotReadIndexes1795915789822 implements MigrationInterface {
  name = 'HotReadIndexes1795915789822';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_sort_lastActive" ON "endusers" ("businessId", (("lastActive" IS NOT NULL)), (COALESCE("lastActive", '-infinity'::timestamptz)), "_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_contains_tags" ON "endusers" USING gin ("tags" jsonb_path_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_search" ON "endusers" USING gin ((COALESCE("externalId", '') || E'\\n' || COALESCE("email", '') || E'\\n' || COALESCE("phone", '') || E'\\n' || COALESCE("landline", '') || E'\\n' || COALESCE("fname", '') || E'\\n' || COALESCE("mname", '') || E'\\n' || COALESCE("lname", '') || E'\\n' || COALESCE("displayName", '') || E'\\n' || COALESCE("humanReadableId", '')) gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_contains_organizationIds" ON "endusers" USING gin ("organizationIds" jsonb_path_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_contains_sharedWithOrganizations" ON "endusers" USING gin ("sharedWithOrganizations" jsonb_path_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_emails_sort_timestamp" ON "emails" ("businessId", (COALESCE("timestamp", '-infinity'::timestamptz)), "_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_sms_messages_sort_timestamp" ON "sms_messages" ("businessId", (COALESCE("timestamp", '-infinity'::timestamptz)), "_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_chat_rooms_sort_recentMessageSentAt" ON "chat_rooms" ("businessId", (COALESCE("recentMessageSentAt", '-Infinity'::double precision)), "_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_chat_rooms_contains_enduserIds" ON "chat_rooms" USING gin ("enduserIds" jsonb_path_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_calendar_events_contains_attendees" ON "calendar_events" USING gin ("attendees" jsonb_path_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_calendar_events_publicRead" ON "calendar_events" ("businessId", "publicRead") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_calendar_events_publicRead"`);
    await queryRunner.query(`DROP INDEX "IDX_calendar_events_contains_attendees"`);
    await queryRunner.query(`DROP INDEX "IDX_chat_rooms_contains_enduserIds"`);
    await queryRunner.query(`DROP INDEX "IDX_chat_rooms_sort_recentMessageSentAt"`);
    await queryRunner.query(`DROP INDEX "IDX_sms_messages_sort_timestamp"`);
    await queryRunner.query(`DROP INDEX "IDX_emails_sort_timestamp"`);
    await queryRunner.query(`DROP INDEX "IDX_endusers_contains_sharedWithOrganizations"`);
    await queryRunner.query(`DROP INDEX "IDX_endusers_contains_organizationIds"`);
    await queryRunner.query(`DROP INDEX "IDX_endusers_search"`);
    await queryRunner.query(`DROP INDEX "IDX_endusers_contains_tags"`);
    await queryRunner.query(`DROP INDEX "IDX_endusers_sort_lastActive"`);
  }
}
