import { ACTIONS } from '.';

/**
 * The named calls' lists are concatenated in no particular order (README.md, Route order), which is
 * safe only while no two calls can answer the same request. Express matches paths without regard to
 * case, and a `:param` matches any one segment.
 */
const matcher = (path: string) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`, 'i');
const sample = (path: string) => path.replace(/:[A-Za-z]+/g, 'x');

const overlapping = (calls: { method: string; path: string }[]) =>
  calls.flatMap((a, i) =>
    calls.slice(i + 1)
      .filter((b) => a.method === b.method && (matcher(a.path).test(sample(b.path)) || matcher(b.path).test(sample(a.path))))
      .map((b) => `${a.method.toUpperCase()} ${a.path} and ${b.path}`),
  );

describe('the named calls', () => {
  it('no two calls match the same request, so their order does not matter', () => {
    expect(overlapping(ACTIONS)).toEqual([]);
  });

  it('finds two calls matching the same request (the check can fail)', () => {
    expect(overlapping([{ method: 'get', path: '/journey/:id/states' }, { method: 'get', path: '/journey/All/STATES' }])).toHaveLength(1);
    expect(overlapping([{ method: 'get', path: '/a' }, { method: 'post', path: '/a' }])).toEqual([]);
  });
});
