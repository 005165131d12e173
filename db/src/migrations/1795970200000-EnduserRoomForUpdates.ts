import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Patients are updated far more often than created (a journey entered, a message unread, a field
 * changed), and an update that finds no room on its row's page moves the row and writes every one of
 * the table's indexes again (fourteen at the last count). A tenth of each page kept free lets most
 * such updates stay on the page and write no index (a heap-only update) when no indexed column
 * changed. Only pages written from now on keep the room; an operator's VACUUM FULL endusers gives
 * it to the existing ones (docs/operations.md).
 */
export class EnduserRoomForUpdates1795970200000 implements MigrationInterface {
  name = 'EnduserRoomForUpdates1795970200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "endusers" SET (fillfactor = 90)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "endusers" RESET (fillfactor)`);
  }
}
