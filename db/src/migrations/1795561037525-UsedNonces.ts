import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UsedNonces1795561037525 implements MigrationInterface {
  name = 'UsedNonces1795561037525';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "used_nonces" ("key" character varying(300) NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_fe4b05a644f23969a18e6a9c4a0" PRIMARY KEY ("key"))`);
    await queryRunner.query(`CREATE INDEX "IDX_used_nonces_expiry" ON "used_nonces" ("expiresAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_used_nonces_expiry"`);
    await queryRunner.query(`DROP TABLE "used_nonces"`);
  }
}
