import { pluralPath, RESOURCES, singularPath } from '@carelane/db';
import { startApi, type RunningApi } from '../support/api-server';

describe('GET /openapi.json', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.stop());

  test('documents every generic call of every resource in OpenAPI 3.1', async () => {
    const response = await fetch(`${api.host}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    for (const definition of RESOURCES) {
      expect(Object.keys(document.paths[`/v1/${pluralPath(definition)}`])).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(document.paths[`/v1/${singularPath(definition)}/{id}`])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
    }
    expect(document.paths['/v1/users/login']).toHaveProperty('post');
    // Paths in OpenAPI syntax (issue 12): {id}, declared as a path parameter, never Express's :id.
    expect(Object.keys(document.paths).filter((path) => path.includes(':'))).toEqual([]);
    expect(document.paths['/v1/journey/{id}/states']).toMatchObject({ delete: { parameters: [{ name: 'id', in: 'path', required: true }] } });
  });

  test('a field answered as null once emptied (a chat whose replied-to chat was deleted) documents null as its type', async () => {
    const document = (await (await fetch(`${api.host}/openapi.json`)).json()) as { components: { schemas: Record<string, { properties: Record<string, { type: unknown }> }> } };
    expect(document.components.schemas.chats.properties.replyId.type).toEqual(['string', 'null']);
    expect(document.components.schemas.chats.properties.message.type).toBe('string');
  });
});
