import { isAdmin } from '../../auth/caller';
import { ApiError } from '../../errors';
import { chat_rooms } from '@carelane/db';
import { authorize } from '@carelane/engine';
import { defineAction } from '../action';
import { v } from './input';
import { loadRoom, serializeRoom, updateRoom } from './rooms';
import { Required, S } from '../input';

export const ROOM_HAS_TEAM = 'This room already has team members: ask one of them or an Admin to add you';

class JoinChatRoomInput {
  @Required(v.id, S.id)
  id!: string;
}

/**
 * POST /join-chat-room { id } → { room }: a staff member takes a room that has no team member yet
 * (a support chat waiting to be accepted). Admins may join any room of their business.
 */
export const joinChatRoom = defineAction({
  method: 'post',
  path: '/join-chat-room',
  auth: 'user',
  input: JoinChatRoomInput,
  authorize: ({ caller }) => {
    // The role matrix first, as on the generic calls (a role without access to chat rooms gets the same 403).
    authorize(chat_rooms, 'update', caller);
  },
  handler: async ({ services, caller }, input) => {
    const id = input.id;
    const { record, emit } = await services.dataSource.transaction(async (manager) => {
      const room = await loadRoom(services.engine, manager, caller, id, { lock: true });
      const userIds = Array.isArray(room.userIds) ? (room.userIds as string[]) : [];
      if (userIds.includes(caller.id)) return { record: room, emit: (): void => undefined };
      if (userIds.length > 0 && !isAdmin(caller)) throw new ApiError(403, ROOM_HAS_TEAM);
      return updateRoom(manager, services.engine, caller, room, { userIds: [...userIds, caller.id] });
    });
    emit();
    return { room: serializeRoom(record, caller) };
  },
});
