import { GraphQLBoolean, GraphQLError, GraphQLID, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLScalarType, GraphQLSchema, GraphQLString } from 'graphql';
import { resourceByName } from '@carelane/db';
import { ApiError } from '../errors';
import { authorize } from '@carelane/engine';
import type { RealtimeChange } from './bus';
import type { RealtimeConnection, RealtimeHub } from './hub';
import { SubscriptionQueue } from './subscription-queue';

/** What each graphql-ws operation runs with: the socket's authenticated connection. */
export interface RealtimeContext {
  hub: RealtimeHub;
  connection: RealtimeConnection;
}

/** A record as getOne answers it (the same shape as the generic calls' JSON). */
const RecordScalar = new GraphQLScalarType({ name: 'JSON', description: 'A record as the generic getOne call answers it', serialize: (value) => value });

type Kind = RealtimeChange['kind'];

const subscriptionField = (kind: Kind) => ({
  type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(kind === 'deleted' ? GraphQLID : RecordScalar))),
  description:
    kind === 'deleted'
      ? 'Ids of records of `model` deleted since, among those the caller could read'
      : `Records of \`model\` ${kind} since, as the caller may read them now`,
  args: {
    model: { type: new GraphQLNonNull(GraphQLString), description: 'The resource, as in the generic calls (chats, chat_rooms, endusers ...)' },
    ids: { type: new GraphQLList(new GraphQLNonNull(GraphQLID)), description: 'Only these records' },
  },
  resolve: (payload: unknown) => payload,
  subscribe: (_root: unknown, args: { model: string; ids?: string[] | null }, context: RealtimeContext) => {
    const definition = resourceByName.get(args.model);
    if (!definition) throw new GraphQLError(`Unknown model: ${args.model}`);
    try {
      authorize(definition, 'read', context.connection.session.caller);
    } catch (error) {
      throw new GraphQLError(error instanceof ApiError ? error.message : 'You do not have access to this resource');
    }
    const ids = args.ids?.length ? new Set(args.ids) : undefined;
    let remove = () => {};
    const queue = new SubscriptionQueue<unknown[]>(
      () => context.connection.close('Too slow'),
      () => remove(),
    );
    remove = context.hub.add({
      connection: context.connection,
      wants: (change) => change.kind === kind && change.resource === args.model && (!ids || ids.has(String(change.record._id))),
      deliver: (_change, payload) => queue.push([payload]),
    });
    return queue;
  },
});

/**
 * The realtime schema: `created`, `updated` and `deleted` subscriptions per model, optionally for
 * some ids. Queries hold nothing but a health probe (reads go through the REST calls).
 */
export const realtimeSchema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLBoolean, resolve: () => true } } }),
  subscription: new GraphQLObjectType<unknown, RealtimeContext>({
    name: 'Subscription',
    fields: { created: subscriptionField('created'), updated: subscriptionField('updated'), deleted: subscriptionField('deleted') },
  }),
});
