import { Children } from '../../scripts/services/children';
import { runInherited } from '../../scripts/services/run-inherited';

/**
 * The runners' children (Temporal, embedded PostgreSQL, the platform's api, worker and portal) write
 * through pipes the runner reads. While jest runs, the runner must keep reading them: with spawnSync a
 * child's pipe filled and its next log line blocked it, which froze the proof's worker mid-soak.
 */
describe('runInherited', () => {
  test("answers the command's exit status while the runner keeps draining its children's output", async () => {
    const children = new Children(() => {});
    // 400 KB of log lines: far more than a pipe holds, so the child finishes only if someone reads them.
    const chatty = children.start('chatty', process.execPath, ['-e', "for (let i = 0; i < 4000; i++) console.log('x'.repeat(100));"], { quiet: true });
    try {
      expect(await runInherited(process.execPath, ['-e', 'setTimeout(() => process.exit(3), 1500)'])).toBe(3);
      // Read throughout the 1.5 s command: the chatty child has long finished writing and exited.
      expect(chatty.exitCode).toBe(0);
    } finally {
      await children.stopAll(1_000);
    }
  });
});
