/** Events one graphql subscription has not yet handed to graphql-ws; beyond it the subscriber is too slow. */
export const MAX_QUEUED_EVENTS = 1_000;

/**
 * A bounded async iterator: the hub pushes, graphql-ws pulls. When the consumer falls more than
 * MAX_QUEUED_EVENTS behind, `onOverflow` runs (the connection is dropped) instead of queueing more.
 */
export class SubscriptionQueue<T> implements AsyncIterableIterator<T> {
  private readonly queued: T[] = [];
  private waiting?: (result: IteratorResult<T>) => void;
  private done = false;

  constructor(private readonly onOverflow: () => void, private readonly onReturn: () => void) {}

  push(value: T) {
    if (this.done) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      return resolve({ value, done: false });
    }
    if (this.queued.length >= MAX_QUEUED_EVENTS) return this.onOverflow();
    this.queued.push(value);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.queued.length) return Promise.resolve({ value: this.queued.shift()!, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.done) {
      this.done = true;
      this.queued.length = 0;
      this.waiting?.({ value: undefined, done: true });
      this.waiting = undefined;
      this.onReturn();
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}
