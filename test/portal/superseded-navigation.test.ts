import { isSupersededNavigationLog, quietSupersededNavigations } from '../../web/app/superseded-navigation';

/** web/app/superseded-navigation.ts: the aborted body read Remix logs is held back, nothing else. */
describe('staff app and portal: a superseded navigation leaves no console error', () => {
  const console = () => {
    const logged: unknown[][] = [];
    const target = { error: (...args: unknown[]) => void logged.push(args) };
    quietSupersededNavigations(target);
    return { target, logged };
  };

  it('drops the abort of a navigation another one replaced', () => {
    const { target, logged } = console();
    target.error(new DOMException('signal is aborted without reason', 'AbortError'));
    expect(logged).toEqual([]);
    expect(isSupersededNavigationLog([new DOMException('signal is aborted without reason', 'AbortError')])).toBe(true);
  });

  it('still shows every other error, an abort with words around it too', () => {
    const { target, logged } = console();
    const failure = new Error('Unable to decode turbo-stream response');
    const timeout = new DOMException('timed out', 'TimeoutError');
    target.error(failure);
    target.error(timeout);
    target.error('Failed to fetch manifest patches', new DOMException('aborted', 'AbortError'));
    expect(logged).toEqual([[failure], [timeout], ['Failed to fetch manifest patches', expect.any(DOMException)]]);
  });
});
