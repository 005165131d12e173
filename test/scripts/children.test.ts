import { Children } from '../../scripts/services/children';

const node = process.execPath;
const waitUntil = async (done: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('the processes npm start runs', () => {
  test('a child that dies is reported by name with its exit code', async () => {
    const crashes: string[] = [];
    const children = new Children((name, code) => crashes.push(`${name}:${code}`));
    children.start('api', node, ['-e', 'process.exit(3)'], { quiet: true });
    await waitUntil(() => crashes.length > 0);
    expect(crashes).toEqual(['api:3']);
  });

  test('stopAll ends every child, infrastructure last, without reporting them as crashes', async () => {
    const crashes: string[] = [];
    const children = new Children((name) => crashes.push(name));
    const order: string[] = [];
    for (const name of ['temporal', 'api', 'worker']) {
      const child = children.start(name, node, ['-e', 'setInterval(() => {}, 1000)'], { quiet: true, infrastructure: name === 'temporal' });
      child.on('exit', () => order.push(name));
    }
    await children.stopAll(2000);
    // The api and the worker stop together (in either order); Temporal, which the worker drains against, after both.
    expect(order.slice(0, 2).sort()).toEqual(['api', 'worker']);
    expect(order[2]).toBe('temporal');
    expect(crashes).toEqual([]);
  });

  test('the platform stops in parallel: two children taking 1 s each are done in well under 2 s', async () => {
    const children = new Children(() => {});
    const slow = "process.on('SIGTERM', () => setTimeout(() => process.exit(0), 1000)); console.log('ready'); setInterval(() => {}, 1000)";
    const started = ['api', 'worker'].map((name) => children.start(name, node, ['-e', slow], { quiet: true }));
    await Promise.all(started.map((child) => new Promise((resolve) => child.stdout?.once('data', resolve))));
    const began = Date.now();
    await children.stopAll(5000);
    expect(Date.now() - began).toBeLessThan(1900);
    expect(started.map((child) => child.exitCode)).toEqual([0, 0]);
  });

  test('a child that ignores SIGTERM is killed after the grace period', async () => {
    const children = new Children(() => {});
    const child = children.start('stubborn', node, ['-e', "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)"], { quiet: true });
    // Wait until the child has installed its handler: a fixed delay lost the race on a loaded machine.
    await new Promise((resolve) => child.stdout?.once('data', resolve));
    await children.stopAll(300);
    expect(child.signalCode).toBe('SIGKILL');
  });
});
