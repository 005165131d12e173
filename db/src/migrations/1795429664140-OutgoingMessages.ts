import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutgoingMessages1795429664140 implements MigrationInterface {
  name = 'OutgoingMessages1795429664140';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "outgoing_messages" ("_id" character varying(24) NOT NULL, "channel" character varying(16) NOT NULL, "idempotencyKey" character varying(200), "businessId" character varying(24), "from" text, "to" text NOT NULL, "subject" text, "text" text NOT NULL, "html" text, "headers" jsonb, "externalId" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_outgoing_messages_idempotency" UNIQUE ("channel", "idempotencyKey"), CONSTRAINT "PK_bee5f33519b7ac2bd712f45e87b" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_outgoing_messages_channel_created" ON "outgoing_messages" ("channel", "createdAt") `);
    await queryRunner.query(`CREATE TABLE "message_deliveries" ("key" character varying(200) NOT NULL, "businessId" character varying(24) NOT NULL, "resource" character varying(64) NOT NULL, "recordId" character varying(24) NOT NULL, "status" character varying(16) NOT NULL, "channel" character varying(32), "externalId" text, "note" text, "attempts" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_51ad569f4cbbc0f9ed5fa1bfb00" PRIMARY KEY ("key"))`);
    await queryRunner.query(`CREATE INDEX "IDX_message_deliveries_business" ON "message_deliveries" ("businessId", "recordId") `);
    await queryRunner.query(`ALTER TABLE "emails" ADD "deliveryStatus" text`);
    await queryRunner.query(`ALTER TABLE "emails" ADD "deliveryNote" text`);
    await queryRunner.query(`ALTER TABLE "sms_messages" ADD "deliveryStatus" text`);
    await queryRunner.query(`ALTER TABLE "sms_messages" ADD "deliveryNote" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sms_messages" DROP COLUMN "deliveryNote"`);
    await queryRunner.query(`ALTER TABLE "sms_messages" DROP COLUMN "deliveryStatus"`);
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "deliveryNote"`);
    await queryRunner.query(`ALTER TABLE "emails" DROP COLUMN "deliveryStatus"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_message_deliveries_business"`);
    await queryRunner.query(`DROP TABLE "message_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_outgoing_messages_channel_created"`);
    await queryRunner.query(`DROP TABLE "outgoing_messages"`);
  }
}
