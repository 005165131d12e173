import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InboxClosures1795892898768 implements MigrationInterface {
  name = 'InboxClosures1795892898768';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "inbox_closures" ("businessId" character varying(24) NOT NULL, "conversation" character varying(100) NOT NULL, "closedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "closedBy" character varying(24) NOT NULL, CONSTRAINT "PK_56d2f205c96d6dad2f8cd7aa036" PRIMARY KEY ("businessId", "conversation"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "inbox_closures"`);
  }
}
