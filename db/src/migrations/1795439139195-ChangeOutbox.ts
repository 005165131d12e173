import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ChangeOutbox1795439139195 implements MigrationInterface {
  name = 'ChangeOutbox1795439139195';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "change_outbox" ("_id" character varying(24) NOT NULL, "businessId" character varying(24) NOT NULL, "event" jsonb NOT NULL, "taskQueue" character varying(200) NOT NULL, "doneConsumers" text array NOT NULL DEFAULT '{}', "attempts" integer NOT NULL DEFAULT '0', "nextAttemptAt" TIMESTAMP WITH TIME ZONE NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_51f3ee329e13488a9df971dd790" PRIMARY KEY ("_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_change_outbox_due" ON "change_outbox" ("taskQueue", "nextAttemptAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_change_outbox_due"`);
    await queryRunner.query(`DROP TABLE "change_outbox"`);
  }
}
