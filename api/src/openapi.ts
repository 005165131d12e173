import { pluralPath, RESOURCES, singularPath, type ColumnKind, type ResourceDefinition } from '@carelane/db';
import type { Action } from './actions/action';
import { inputSchema, type JsonSchema } from './actions/input';

/** OpenAPI 3.1 document generated from the resource definitions and the named calls. */
const schemaFor: Record<ColumnKind, Record<string, unknown>> = {
  id: { type: 'string', pattern: '^[0-9a-f]{24}$' },
  text: { type: 'string' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', format: 'date-time' },
  json: {},
};

const recordSchema = (definition: ResourceDefinition) => ({
  type: 'object',
  properties: {
    id: schemaFor.id,
    businessId: schemaFor.id,
    organizationIds: { type: 'array', items: schemaFor.id },
    sharedWithOrganizations: { type: 'array', items: schemaFor.id },
    creator: schemaFor.id,
    createdAt: schemaFor.date,
    updatedAt: schemaFor.date,
    ...Object.fromEntries(
      Object.entries(definition.fields)
        .filter(([, field]) => !field.secret)
        .map(([name, field]) => [name, { ...answerSchema(field.column, field.answeredAsNull === true), ...(field.readonly ? { readOnly: true } : {}) }]),
    ),
  },
});

/** A field as answers carry it: `null` is part of its type when the field is answered as null once emptied. */
const answerSchema = (column: ColumnKind, answeredAsNull: boolean) => {
  const schema = schemaFor[column];
  return answeredAsNull && typeof schema.type === 'string' ? { ...schema, type: [schema.type, 'null'] } : schema;
};

const createSchema = (definition: ResourceDefinition) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.entries(definition.fields).filter(([, field]) => field.required).map(([name]) => name),
  properties: Object.fromEntries(
    Object.entries(definition.fields)
      .filter(([, field]) => !field.readonly)
      .map(([name, field]) => [name, schemaFor[field.column]]),
  ),
  examples: [definition.example],
});

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const error = { description: 'Error', ...json(ref('Error')) };
const idParameter = { name: 'id', in: 'path', required: true, schema: schemaFor.id };

const resourcePaths = (definition: ResourceDefinition) => {
  const name = definition.name;
  const tags = [name];
  const record = ref(name);
  return {
    [`/v1/${pluralPath(definition)}`]: {
      get: {
        tags,
        summary: `List ${name}`,
        parameters: ['filter', 'search'].map((p) => ({ name: p, in: 'query', schema: { type: 'string', description: 'JSON object' } }))
          .concat([
            { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 1000, default: 500 } as never },
            { name: 'sort', in: 'query', schema: { enum: ['newFirst', 'oldFirst'] } as never },
            { name: 'sortBy', in: 'query', schema: { enum: ['updatedAt', 'dueDateInMS', 'closedAt'] } as never },
            { name: 'lastId', in: 'query', schema: schemaFor.id as never },
            { name: 'from', in: 'query', schema: schemaFor.date as never },
            { name: 'to', in: 'query', schema: schemaFor.date as never },
          ]),
        responses: { 200: { description: 'Records', ...json({ type: 'array', items: record }) }, 400: error, 401: error },
      },
      post: {
        tags,
        summary: `Create many ${name}`,
        requestBody: json({ type: 'object', properties: { create: { type: 'array', items: ref(`${name}_create`) } } }),
        responses: { 200: { description: 'Created and errors', ...json({ type: 'object', properties: { created: { type: 'array', items: record }, errors: { type: 'array' } } }) }, 400: error },
      },
    },
    [`/v1/${pluralPath(definition)}/bulk-read`]: {
      post: {
        tags,
        summary: `Read ${name} by ids`,
        requestBody: json({ type: 'object', properties: { ids: { type: 'array', items: schemaFor.id, maxItems: 1000 } } }),
        responses: { 200: { description: 'Matches', ...json({ type: 'object', properties: { matches: { type: 'array', items: record } } }) } },
      },
    },
    [`/v1/${singularPath(definition)}`]: {
      post: { tags, summary: `Create one ${name}`, requestBody: json(ref(`${name}_create`)), responses: { 200: { description: 'Created', ...json(record) }, 400: error } },
      get: { tags, summary: `First ${name} matching a filter`, parameters: [{ name: 'filter', in: 'query', schema: { type: 'string' } }], responses: { 200: { description: 'Record', ...json(record) }, 404: error } },
    },
    [`/v1/${singularPath(definition)}/{id}`]: {
      get: { tags, summary: `Read one ${name}`, parameters: [idParameter], responses: { 200: { description: 'Record', ...json(record) }, 404: error } },
      patch: {
        tags,
        summary: `Update one ${name}`,
        parameters: [idParameter],
        requestBody: json({ type: 'object', properties: { updates: { type: 'object' }, options: { type: 'object', properties: { replaceObjectFields: { type: 'boolean' } } } } }),
        responses: { 200: { description: 'Updated', ...json(record) }, 400: error, 404: error },
      },
      delete: { tags, summary: `Delete one ${name}`, parameters: [idParameter], responses: { 200: { description: 'Deleted' }, 404: error } },
    },
  };
};

/**
 * A named call's input as OpenAPI reads it: a GET's fields are query parameters (objects and lists
 * travel JSON-encoded, as the reference client sends them), any other call's are its JSON body.
 */
const inputDocumentation = (action: Action) => {
  const schema = inputSchema(action.input);
  if (action.method !== 'get') return { requestBody: { required: true, ...json(schema) }, parameters: undefined };
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const parameters = Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, property]) => {
    const encoded = property.type === 'object' || property.type === 'array' || property.type === undefined;
    return { name, in: 'query', required: required.has(name), ...(encoded ? json(property) : { schema: property }) };
  });
  return { parameters, requestBody: undefined };
};

export const openApiDocument = (actions: Action[]) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const definition of RESOURCES) Object.assign(paths, resourcePaths(definition));
  for (const action of actions) {
    // Express writes parameters as :id; OpenAPI as {id}, each declared as a path parameter.
    const path = `/v1${action.path === '/' ? '' : action.path}`.replace(/:(\w+)/g, '{$1}');
    const pathParameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    const input = inputDocumentation(action);
    const parameters = [...pathParameters, ...(input.parameters ?? [])];
    paths[path] = {
      ...paths[path],
      [action.method]: {
        tags: ['named calls'],
        summary: `${action.method.toUpperCase()} ${path}`,
        ...(parameters.length ? { parameters } : {}),
        ...(input.requestBody ? { requestBody: input.requestBody } : {}),
        security: action.auth === 'public' ? [] : undefined,
        responses: { 200: { description: 'OK' }, 400: error, 401: error },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Carelane API', version: '1.0.0', description: 'Wire-compatible with @tellescope/sdk 1.174.0.' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'API_KEY <key>' } },
      schemas: {
        Error: { type: 'object', properties: { message: { type: 'string' }, info: { type: 'object' }, code: { type: 'integer' } } },
        ...Object.fromEntries(RESOURCES.flatMap((definition) => [[definition.name, recordSchema(definition)], [`${definition.name}_create`, createSchema(definition)]])),
      },
    },
    security: [{ bearer: [] }, { apiKey: [] }],
    paths,
  };
};
