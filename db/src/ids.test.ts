import { isId, newId } from './ids';

describe('record ids', () => {
  test('are 24 hexadecimal characters and sort in creation order', () => {
    const ids = Array.from({ length: 2000 }, () => newId());
    expect(ids.every(isId)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
