import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Initial1795426970970 implements MigrationInterface {
  name = 'Initial1795426970970';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "organizations" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL DEFAULT '[]', "sharedWithOrganizations" jsonb NOT NULL DEFAULT '[]', "creator" character varying(24), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text, "subdomain" text, "owner" character varying(24), "parentOrganizationId" character varying(24), "limits" jsonb, "subscriptionExpiresAt" TIMESTAMP WITH TIME ZONE, "subscriptionPeriod" double precision, "logoVersion" double precision, "faviconVersion" double precision, "logoURL" text, "faviconURL" text, "roles" jsonb, "skills" jsonb, "themeColor" text, "themeColorSecondary" text, "enduserDisplayName" text, "customPortalURL" text, "portalSettings" jsonb, "settings" jsonb, "timezone" text, CONSTRAINT "UQ_organizations_subdomain_global" UNIQUE ("subdomain"), CONSTRAINT "PK_0f46d1fee63f4726a41d4522689" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_organizations_business" ON "organizations" ("businessId", "_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_organizations_subdomain" ON "organizations" ("businessId", "subdomain") `);
    await queryRunner.query(`CREATE INDEX "IDX_organizations_owner" ON "organizations" ("businessId", "owner") `);
    await queryRunner.query(`CREATE INDEX "IDX_organizations_parentOrganizationId" ON "organizations" ("businessId", "parentOrganizationId") `);
    await queryRunner.query(`CREATE INDEX "IDX_organizations_customPortalURL" ON "organizations" ("businessId", "customPortalURL") `);
    await queryRunner.query(`CREATE TABLE "users" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL DEFAULT '[]', "sharedWithOrganizations" jsonb NOT NULL DEFAULT '[]', "creator" character varying(24), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "email" text, "phone" text, "fields" jsonb, "username" text, "externalId" text, "fname" text, "lname" text, "displayName" text, "suffixes" jsonb, "organization" character varying(24), "orgEmail" text, "avatar" text, "timezone" text, "accountType" text, "roles" jsonb, "acknowledgedIntegrations" TIMESTAMP WITH TIME ZONE, "verifiedEmail" boolean, "disableIncomingPhoneCalls" boolean, "skills" jsonb, "notificationPreferences" jsonb, "autoReplyEnabled" boolean, "pushNotificationIosTokens" jsonb, "credentialedStates" jsonb, "weeklyAvailabilities" jsonb, "hashedPassword" text, "sessionVersion" double precision, "lastActive" TIMESTAMP WITH TIME ZONE, "lastLogout" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_users_email_global" UNIQUE ("email"), CONSTRAINT "PK_46c438e5a956fb9c3e86e73e321" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_users_business" ON "users" ("businessId", "_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_users_email" ON "users" ("businessId", "email") `);
    await queryRunner.query(`CREATE INDEX "IDX_users_externalId" ON "users" ("businessId", "externalId") `);
    await queryRunner.query(`CREATE INDEX "IDX_users_organization" ON "users" ("businessId", "organization") `);
    await queryRunner.query(`CREATE INDEX "IDX_users_orgEmail" ON "users" ("businessId", "orgEmail") `);
    await queryRunner.query(`CREATE TABLE "endusers" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL DEFAULT '[]', "sharedWithOrganizations" jsonb NOT NULL DEFAULT '[]', "creator" character varying(24), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "externalId" text, "email" text, "emailConsent" boolean, "phone" text, "landline" text, "phoneConsent" boolean, "fname" text, "lname" text, "dateOfBirth" text, "displayName" text, "humanReadableId" text, "avatar" text, "journeys" jsonb, "scheduledJourneys" jsonb, "tags" jsonb, "unredactedTags" jsonb, "fields" jsonb, "unredactedFields" jsonb, "preference" text, "assignedTo" jsonb, "unread" boolean, "lastActive" TIMESTAMP WITH TIME ZONE, "lastLogout" TIMESTAMP WITH TIME ZONE, "termsSigned" TIMESTAMP WITH TIME ZONE, "termsVersion" text, "lastCommunication" TIMESTAMP WITH TIME ZONE, "gender" text, "height" jsonb, "weight" jsonb, "source" text, "addressLineOne" text, "addressLineTwo" text, "city" text, "state" text, "zipCode" text, "timezone" text, "unsubscribedFromPortalChatNotifications" boolean, "unsubscribedFrom" jsonb, "hashedPassword" text, "sessionVersion" double precision, CONSTRAINT "PK_72926f39eb52fd14d7d9adfedce" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_business" ON "endusers" ("businessId", "_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_externalId" ON "endusers" ("businessId", "externalId") `);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_email" ON "endusers" ("businessId", "email") `);
    await queryRunner.query(`CREATE INDEX "IDX_endusers_phone" ON "endusers" ("businessId", "phone") `);
    await queryRunner.query(`CREATE TABLE "journeys" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL DEFAULT '[]', "sharedWithOrganizations" jsonb NOT NULL DEFAULT '[]', "creator" character varying(24), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" text, "defaultState" text, "description" text, "states" jsonb, CONSTRAINT "UQ_journeys_title" UNIQUE ("businessId", "title"), CONSTRAINT "PK_0cb93227494b5b194da8c1a2f97" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_journeys_business" ON "journeys" ("businessId", "_id") `);
    await queryRunner.query(`CREATE TABLE "enduser_status_updates" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "organizationIds" jsonb NOT NULL DEFAULT '[]', "sharedWithOrganizations" jsonb NOT NULL DEFAULT '[]', "creator" character varying(24), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "journeyId" character varying(24), "enduserId" character varying(24), "status" text, CONSTRAINT "PK_f4803b190cb721e529188352176" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_enduser_status_updates_business" ON "enduser_status_updates" ("businessId", "_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_enduser_status_updates_journeyId" ON "enduser_status_updates" ("businessId", "journeyId") `);
    await queryRunner.query(`CREATE INDEX "IDX_enduser_status_updates_enduserId" ON "enduser_status_updates" ("businessId", "enduserId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_enduser_status_updates_enduserId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_enduser_status_updates_journeyId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_enduser_status_updates_business"`);
    await queryRunner.query(`DROP TABLE "enduser_status_updates"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_journeys_business"`);
    await queryRunner.query(`DROP TABLE "journeys"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_endusers_phone"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_endusers_email"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_endusers_externalId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_endusers_business"`);
    await queryRunner.query(`DROP TABLE "endusers"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_users_orgEmail"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_users_organization"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_users_externalId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_users_email"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_users_business"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_organizations_customPortalURL"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_organizations_parentOrganizationId"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_organizations_owner"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_organizations_subdomain"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_organizations_business"`);
    await queryRunner.query(`DROP TABLE "organizations"`);
  }
}
