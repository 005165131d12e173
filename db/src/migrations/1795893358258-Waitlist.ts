import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Waitlist1795893358258 implements MigrationInterface {
  name = 'Waitlist1795893358258';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "waitlist_entries" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL DEFAULT '[]', "sharedWithOrganizations" jsonb NOT NULL DEFAULT '[]', "creator" character varying(24), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "enduserId" character varying(24), "calendarEventTemplateId" character varying(24), "userId" character varying(24), "locationId" character varying(24), "bookingPageId" character varying(24), "fromTimeInMS" double precision, "toTimeInMS" double precision, "channel" text, "timezone" text, "status" text, "offeredUntil" TIMESTAMP WITH TIME ZONE, "calendarEventId" character varying(24), CONSTRAINT "PK_8f98b4884975eb1dada6febbd9a" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_entries_business" ON "waitlist_entries" ("businessId", "_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_entries_enduserId" ON "waitlist_entries" ("businessId", "enduserId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_entries_calendarEventTemplateId" ON "waitlist_entries" ("businessId", "calendarEventTemplateId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_entries_userId" ON "waitlist_entries" ("businessId", "userId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_entries_locationId" ON "waitlist_entries" ("businessId", "locationId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_entries_bookingPageId" ON "waitlist_entries" ("businessId", "bookingPageId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_entries_status" ON "waitlist_entries" ("businessId", "status") `);
    await queryRunner.query(`CREATE TABLE "waitlist_holds" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL DEFAULT '[]', "waitlistEntryId" character varying(24) NOT NULL, "enduserId" character varying(24) NOT NULL, "userId" character varying(24) NOT NULL, "calendarEventTemplateId" character varying(24) NOT NULL, "locationId" character varying(24), "bookingPageId" character varying(24), "startTimeInMS" double precision NOT NULL, "durationInMinutes" double precision NOT NULL, "freedEventId" character varying(24) NOT NULL, "tokenHash" character varying(64) NOT NULL, "status" character varying(20) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "calendarEventId" character varying(24), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_waitlist_holds_token" UNIQUE ("tokenHash"), CONSTRAINT "PK_1c7df4bf68bec1e295a46b7313f" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_holds_active" ON "waitlist_holds" ("businessId", "userId", "status", "startTimeInMS") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_holds_entry" ON "waitlist_holds" ("businessId", "waitlistEntryId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_holds_entry"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_holds_active"`);
    await queryRunner.query(`DROP TABLE "waitlist_holds"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_entries_status"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_entries_bookingPageId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_entries_locationId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_entries_userId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_entries_calendarEventTemplateId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_entries_enduserId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_entries_business"`);
    await queryRunner.query(`DROP TABLE "waitlist_entries"`);
  }
}
