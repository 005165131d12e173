import { formatIn } from '../../time/format';
import { usd } from '../products/product-values';

export interface PurchaseView {
  id: string;
  title: string;
  /** "$49.50", or "$49.50, $10.00 refunded". */
  amount: string;
  processor: string;
  when: string;
}

/** A purchase as the record lists it: what, how much (cents in the api, dollars here), through which service, when on the staff member's clock. */
export const purchaseView = (purchase: Record<string, unknown> & { id: string }, zone: string): PurchaseView => {
  const cents = (purchase.cost as { amount?: unknown } | undefined)?.amount;
  const refunded = typeof purchase.refundedAmount === 'number' && purchase.refundedAmount > 0 ? `, ${usd(purchase.refundedAmount)} refunded` : '';
  return {
    id: purchase.id,
    title: typeof purchase.title === 'string' && purchase.title ? purchase.title : 'Purchase',
    amount: typeof cents === 'number' ? `${usd(cents)}${refunded}` : 'No amount',
    processor: typeof purchase.processor === 'string' ? purchase.processor : '',
    when: formatIn(String(purchase.processedAt ?? purchase.createdAt ?? ''), zone, 'date'),
  };
};
