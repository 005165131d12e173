import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookDeliveries1795904431188 implements MigrationInterface {
  name = 'WebhookDeliveries1795904431188';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "webhook_deliveries" ("_id" character varying(200) NOT NULL, "businessId" character varying(24) NOT NULL, "event" character varying(200) NOT NULL, "payload" jsonb NOT NULL, "status" character varying(16) NOT NULL, "statusCode" integer, "error" text, "attempts" integer NOT NULL DEFAULT '1', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL, "lastAttemptAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_4614f1caf586e39604f004b7f08" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_business" ON "webhook_deliveries" ("businessId", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_deliveries_business"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
  }
}
