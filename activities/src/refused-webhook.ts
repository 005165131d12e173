import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { recordBackgroundError } from './automation-records';

/**
 * A delivery refused because its target is not public (or is this machine) is recorded once for the
 * business's staff: the id is derived from the delivery id, so retries of one delivery add nothing.
 */
export const recordRefusedWebhook = (dataSource: DataSource, input: { businessId: string; deliveryId: string; message: string }) =>
  recordBackgroundError(dataSource.manager, {
    id: createHash('sha256').update(`refused-webhook:${input.deliveryId}`).digest('hex').slice(0, 24),
    businessId: input.businessId,
    title: 'Webhook delivery refused',
    message: input.message,
  });
