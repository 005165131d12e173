import { MAX_QUEUED_EVENTS, SubscriptionQueue } from './subscription-queue';

describe('SubscriptionQueue', () => {
  test('hands values over in order, and overflows instead of growing past its bound', async () => {
    let overflows = 0;
    const queue = new SubscriptionQueue<number>(() => overflows++, () => {});
    for (let i = 0; i < MAX_QUEUED_EVENTS; i++) queue.push(i);
    expect(overflows).toBe(0);
    queue.push(MAX_QUEUED_EVENTS);
    expect(overflows).toBe(1);
    expect(await queue.next()).toEqual({ value: 0, done: false });
    expect(await queue.next()).toEqual({ value: 1, done: false });
  });

  test('a waiting consumer gets the next value at once; return ends it and unsubscribes once', async () => {
    let returned = 0;
    const queue = new SubscriptionQueue<string>(() => {}, () => returned++);
    const waiting = queue.next();
    queue.push('a');
    await expect(waiting).resolves.toEqual({ value: 'a', done: false });
    const pending = queue.next();
    await queue.return();
    await queue.return();
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
    expect(returned).toBe(1);
    queue.push('ignored');
    await expect(queue.next()).resolves.toEqual({ value: undefined, done: true });
  });
});
