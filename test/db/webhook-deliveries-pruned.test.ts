import { randomBytes } from 'node:crypto';
import { openDataSource } from '@carelane/db';
import { recordWebhookAttempt } from '@carelane/db/internal/webhook-deliveries';
import type { DataSource } from 'typeorm';
import { testEnv } from '../support/env';

/**
 * Webhook deliveries keep themselves to 30 days (db/src/internal/webhook-deliveries.ts): recording
 * an attempt drops, at most once an hour per process, those first attempted before then; newer
 * ones stay listed and retriable.
 */
describe('webhook deliveries are kept 30 days', () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = await openDataSource(testEnv().databaseUrl, { poolSize: 2 });
  });
  afterAll(() => dataSource.destroy());

  test('recording a delivery drops those older than 30 days and keeps the rest', async () => {
    const businessId = randomBytes(12).toString('hex');
    const id = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;
    const [old, recent, fresh] = [id('old'), id('recent'), id('fresh')];
    // raw SQL: deliveries first attempted 31 and 29 days ago, as the worker would have recorded them then.
    await dataSource.query(
      `INSERT INTO webhook_deliveries ("_id", "businessId", "event", "payload", "status", "statusCode", "error", "attempts", "createdAt", "lastAttemptAt")
       VALUES ($1, $3, 'endusers create', '{}', 'Delivered', 200, NULL, 1, now() - interval '31 days', now() - interval '31 days'),
              ($2, $3, 'endusers create', '{}', 'Delivered', 200, NULL, 1, now() - interval '29 days', now() - interval '29 days')`,
      [old, recent, businessId],
    );
    await recordWebhookAttempt(dataSource, { id: fresh, businessId, event: 'Test delivery', payload: {}, statusCode: 204 });
    // raw SQL: what is left of this business's deliveries.
    const left: { _id: string }[] = await dataSource.query(`SELECT _id FROM webhook_deliveries WHERE "businessId" = $1 ORDER BY "createdAt"`, [businessId]);
    expect(left.map((row) => row._id)).toEqual([recent, fresh]);
  });
});
