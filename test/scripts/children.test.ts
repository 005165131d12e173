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

  test('stopAll ends every child, newest first, without reporting them as crashes', async () => {
    const crashes: string[] = [];
    const children = new Children((name) => crashes.push(name));
    const order: string[] = [];
    for (const name of ['temporal', 'api', 'worker']) {
      const child = children.start(name, node, ['-e', 'setInterval(() => {}, 1000)'], { quiet: true });
      child.on('exit', () => order.push(name));
    }
    await children.stopAll(2000);
    expect(order).toEqual(['worker', 'api', 'temporal']);
    expect(crashes).toEqual([]);
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
