import { useTenantSuite } from '../identity/tenant-suite';

const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/**
 * Issue 12 (Low): inputs that answered 500 answer a clear 4xx with a { message } that does not repeat
 * them, and every answer carries X-Content-Type-Options: nosniff.
 */
describe('bad input is a clear 4xx, never a 500', () => {
  const suite = useTenantSuite();
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${suite.api.host}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${suite.admin.authToken}`, ...headers },
      body,
    });

  test('an unsupported charset or content encoding is 415', async () => {
    const charset = await post('/v1/enduser', '{"fname":"A"}', { 'Content-Type': 'application/json; charset=latin9' });
    expect(charset.status).toBe(415);
    expect(await charset.json()).toMatchObject({ message: 'Unsupported charset or content encoding: send UTF-8 JSON' });
    const encoding = await post('/v1/enduser', '{"fname":"A"}', { 'Content-Encoding': 'x-unknown' });
    expect(encoding.status).toBe(415);
  });

  test('JSON nested 10,000 deep in fields or tags, or 100 deep in a filter, is 400', async () => {
    const fields = await post('/v1/enduser', `{"fname":"A","fields":${deepJson(10_000)}}`);
    expect(fields.status).toBe(400);
    expect(await fields.json()).toMatchObject({ message: 'Value is nested too deeply' });
    const tags = await post('/v1/enduser', `{"fname":"A","tags":[${deepJson(10_000)}]}`);
    expect(tags.status).toBe(400);
    const filter = await fetch(`${suite.api.host}/v1/endusers?filter=${encodeURIComponent(`{"fields":${deepJson(100)}}`)}`, {
      headers: { Authorization: `Bearer ${suite.admin.authToken}` },
    });
    expect(filter.status).toBe(400);
  });

  test('a NUL byte in fields, tags, search or filter, and a non-date in a date filter, are 400', async () => {
    const { admin } = suite;
    const invalid = { message: expect.any(String), code: 400 };
    await expect(admin.api.endusers.createOne({ fname: 'A', fields: { note: 'a\u0000b' } } as never)).rejects.toMatchObject(invalid);
    await expect(admin.api.endusers.createOne({ fname: 'A', tags: ['a\u0000b'] } as never)).rejects.toMatchObject(invalid);
    await expect(admin.api.endusers.getSome({ search: { query: 'a\u0000b' } })).rejects.toMatchObject(invalid);
    await expect(admin.api.endusers.getSome({ filter: { fname: 'a\u0000b' } })).rejects.toMatchObject(invalid);
    await expect(admin.api.endusers.getSome({ filter: { createdAt: 'not a date' } } as never)).rejects.toMatchObject(invalid);
  });

  test('an update naming an inherited property (toString, constructor) is refused as an unknown field', async () => {
    const { admin } = suite;
    const enduser = await admin.api.endusers.createOne({ fname: 'Proto' });
    for (const key of ['toString', 'constructor', 'hasOwnProperty']) {
      await expect(admin.api.endusers.updateOne(enduser.id, { [key]: 'x' } as never)).rejects.toMatchObject({ code: 400 });
    }
    expect((await admin.api.endusers.getOne(enduser.id)).fname).toBe('Proto');
  });

  test('answers carry X-Content-Type-Options: nosniff', async () => {
    const response = await fetch(`${suite.api.host}/v1`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const error = await post('/v1/enduser', '{"fname":');
    expect(error.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
