import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A call logged after it happened keeps when it happened (`timestamp`) and how long it lasted
 * (`callDurationInSeconds`), the two fields the reference client's PhoneCall carries for it.
 */
export class PhoneCallsTimeAndLength1796200000000 implements MigrationInterface {
  name = 'PhoneCallsTimeAndLength1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "phone_calls" ADD "timestamp" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "phone_calls" ADD "callDurationInSeconds" double precision`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "phone_calls" DROP COLUMN "callDurationInSeconds"`);
    await queryRunner.query(`ALTER TABLE "phone_calls" DROP COLUMN "timestamp"`);
  }
}
