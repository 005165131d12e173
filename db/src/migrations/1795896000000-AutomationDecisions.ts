import type { MigrationInterface, QueryRunner } from 'typeorm';

/** "Why it fired" (issue 36): the internal table of trigger and step-condition decisions, kept 30 days. */
export class AutomationDecisions1795896000000 implements MigrationInterface {
  name = 'AutomationDecisions1795896000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "automation_decisions" ("_id" character varying(40) NOT NULL, "businessId" character varying(24) NOT NULL, "enduserId" character varying(24) NOT NULL, "kind" character varying(10) NOT NULL, "triggerId" character varying(24), "journeyId" character varying(24), "automationStepId" character varying(24), "fired" boolean NOT NULL, "reason" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_automation_decisions" PRIMARY KEY ("_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_automation_decisions_enduser" ON "automation_decisions" ("businessId", "enduserId", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_automation_decisions_journey" ON "automation_decisions" ("businessId", "journeyId", "createdAt") `);
    await queryRunner.query(`CREATE INDEX "IDX_automation_decisions_age" ON "automation_decisions" ("createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_automation_decisions_age"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_automation_decisions_journey"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_automation_decisions_enduser"`);
    await queryRunner.query(`DROP TABLE "automation_decisions"`);
  }
}
