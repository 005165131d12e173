import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Waitlist1795894661117 implements MigrationInterface {
  name = 'Waitlist1795894661117';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "waitlist_requests" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL DEFAULT '[]', "sharedWithOrganizations" jsonb NOT NULL DEFAULT '[]', "creator" character varying(24), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "enduserId" character varying(24), "calendarEventTemplateId" character varying(24), "userId" character varying(24), "locationId" character varying(24), "bookingPageId" character varying(24), "fromTimeInMS" double precision, "toTimeInMS" double precision, "channel" text, "timezone" text, "status" text, "offeredUntil" TIMESTAMP WITH TIME ZONE, "calendarEventId" character varying(24), CONSTRAINT "PK_560fb686255b485c9f3fb47cfb7" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_requests_business" ON "waitlist_requests" ("businessId", "_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_requests_enduserId" ON "waitlist_requests" ("businessId", "enduserId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_requests_calendarEventTemplateId" ON "waitlist_requests" ("businessId", "calendarEventTemplateId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_requests_userId" ON "waitlist_requests" ("businessId", "userId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_requests_locationId" ON "waitlist_requests" ("businessId", "locationId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_requests_bookingPageId" ON "waitlist_requests" ("businessId", "bookingPageId") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_requests_status" ON "waitlist_requests" ("businessId", "status") `);
    await queryRunner.query(`CREATE TABLE "waitlist_holds" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL DEFAULT '[]', "waitlistRequestId" character varying(24) NOT NULL, "enduserId" character varying(24) NOT NULL, "userId" character varying(24) NOT NULL, "calendarEventTemplateId" character varying(24) NOT NULL, "locationId" character varying(24), "bookingPageId" character varying(24), "startTimeInMS" double precision NOT NULL, "durationInMinutes" double precision NOT NULL, "freedEventId" character varying(24) NOT NULL, "tokenHash" character varying(64) NOT NULL, "status" character varying(20) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "calendarEventId" character varying(24), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_waitlist_holds_token" UNIQUE ("tokenHash"), CONSTRAINT "PK_1c7df4bf68bec1e295a46b7313f" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_holds_active" ON "waitlist_holds" ("businessId", "userId", "status", "startTimeInMS") `);
    await queryRunner.query(`CREATE INDEX "IDX_waitlist_holds_request" ON "waitlist_holds" ("businessId", "waitlistRequestId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_holds_request"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_holds_active"`);
    await queryRunner.query(`DROP TABLE "waitlist_holds"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_requests_status"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_requests_bookingPageId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_requests_locationId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_requests_userId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_requests_calendarEventTemplateId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_requests_enduserId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waitlist_requests_business"`);
    await queryRunner.query(`DROP TABLE "waitlist_requests"`);
  }
}
