import { inFlight } from './in-flight';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('inFlight', () => {
  test('runs every item, never more than the limit at once, and starts the next as soon as one ends', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    let othersDone!: () => void;
    const others = new Promise<void>((resolve) => (othersDone = resolve));
    await inFlight(
      Array.from({ length: 20 }, (_, index) => index),
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        // Item 0 ends only once the other 19 have: with batches they would wait for it (and never
        // end), here the other lanes carry on. No timing is assumed, so a busy machine cannot fail it.
        await (item === 0 ? others : tick());
        running -= 1;
        done.push(item);
        if (done.length === 19 && !done.includes(0)) othersDone();
      },
      3,
    );
    expect(most).toBe(3);
    expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index));
    expect(done[done.length - 1]).toBe(0);
  });

  test('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const run = inFlight([1, 2, 3, 4, 5], async (item) => {
      started.push(item);
      await tick();
      if (item === 2) throw new Error('start refused');
    }, 2);
    await expect(run).rejects.toThrow('start refused');
    expect(started).toEqual([1, 2, 3]);
  });
});
