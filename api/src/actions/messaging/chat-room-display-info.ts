import { notFound } from '../../errors';
import { chat_rooms, endusers, users } from '@carelane/db';
import { authorize } from '@carelane/engine';
import { defineAction } from '../action';
import { v } from './input';
import { canSeeRoom, loadRoom } from './rooms';
import { Required, S } from '../input';

const DISPLAY_FIELDS = ['fname', 'lname', 'displayName', 'avatar', 'createdAt', 'lastActive', 'lastLogout'] as const;

class ChatRoomDisplayInfoInput {
  @Required(v.id, S.id)
  id!: string;
}

/**
 * GET /chat-room-display-info { id } → { id, display_info }: for each member of the room, the
 * names and avatar the chat shows, keyed by user or enduser id. Staff also see members' emails.
 */
export const chatRoomDisplayInfo = defineAction({
  method: 'get',
  path: '/chat-room-display-info',
  auth: 'any',
  input: ChatRoomDisplayInfoInput,
  authorize: ({ caller }) => {
    // The role matrix first, as on the generic calls.
    authorize(chat_rooms, 'read', caller);
  },
  handler: async ({ services, caller }, input) => {
    const id = input.id;
    const manager = services.dataSource.manager;
    const room = await loadRoom(services.engine, manager, caller, id);
    if (!canSeeRoom(caller, room)) throw notFound();
    const userIds = Array.isArray(room.userIds) ? (room.userIds as string[]) : [];
    const enduserIds = Array.isArray(room.enduserIds) ? (room.enduserIds as string[]) : [];
    // The members' names are for everyone in the room (endusers included): the server's read, tenant-scoped.
    const system = services.engine.system(caller.businessId);
    const load = (definition: typeof users | typeof endusers, ids: string[]) => (ids.length ? system.rows(definition, { filter: { _id: { _in: ids } } }) : Promise.resolve([]));
    const [people, patients] = await Promise.all([load(users, userIds), load(endusers, enduserIds)]);
    const display_info: Record<string, Record<string, unknown>> = {};
    for (const row of [...people, ...patients] as Record<string, unknown>[]) {
      const entry: Record<string, unknown> = { id: row._id };
      for (const field of DISPLAY_FIELDS) if (row[field] !== null && row[field] !== undefined) entry[field] = row[field];
      // Someone who never signed out: their account's creation stands for it, so 'online' (lastActive
      // after lastLogout) reads the same, and the client always finds the field it shows.
      if (entry.lastLogout === undefined && row.createdAt) entry.lastLogout = row.createdAt;
      if (caller.type === 'user' && row.email) entry.email = row.email;
      display_info[String(row._id)] = entry;
    }
    return { id: room._id, display_info };
  },
});
