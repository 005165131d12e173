import { endusers, users, type ResourceDefinition } from '@carelane/db';
import { threadClosures } from '@carelane/db/internal/inbox-closures';
import type { UserCaller } from '@carelane/engine';
import type { InboxConversation } from '@carelane/automation';
import type { Services } from '../action';
import { keyText, notificationRef, type ConversationKey } from './conversations';
import { personName, UNKNOWN_PATIENT } from './person-name';

type Row = Record<string, unknown>;

/** A conversation found by a source's scan: its key, its last message's time and newest record. */
export interface Candidate {
  key: ConversationKey;
  at: number;
  newest: Row;
  room?: Row;
}

export interface Person {
  id: string;
  name: string;
}

export type { InboxConversation };

const ids = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
const firstLine = (text: unknown) => (typeof text === 'string' ? text.trim().split('\n')[0]!.slice(0, 200) : '');

const enduserOf = (candidate: Candidate) => {
  if (candidate.room) return ((candidate.room.enduserIds as string[] | undefined) ?? [])[0];
  return typeof candidate.newest.enduserId === 'string' ? candidate.newest.enduserId : undefined;
};

/**
 * Names, assignees and previews for the scanned conversations, read through the engine as the caller.
 * A chat room's assignees are its staff members (userIds); an SMS or email thread's are its
 * patient's care team (assignedTo), which is also what lets a colleague read those messages.
 */
export const describeConversations = async (services: Services, caller: UserCaller, candidates: Candidate[]): Promise<InboxConversation[]> => {
  const enduserIds = [...new Set(candidates.map(enduserOf).filter((id): id is string => !!id))];
  // Names and care teams as plain records: the list call's JSON of those ids (getByIdsJson), parsed.
  const byIds = async (definition: ResourceDefinition, ids: string[]) => JSON.parse(await services.engine.getByIdsJson(definition, caller, ids)) as Record<string, unknown>[];
  const patients = new Map((await byIds(endusers, enduserIds)).map((record) => [String(record.id), record]));
  const assigneeIds = (candidate: Candidate) => {
    if (candidate.room) return ((candidate.room.userIds as string[] | undefined) ?? []).filter((id) => id !== 'system');
    const patient = patients.get(enduserOf(candidate) ?? '');
    return (patient?.assignedTo as string[] | undefined) ?? [];
  };
  const userIds = [...new Set(candidates.flatMap(assigneeIds))];
  const staff = new Map((await byIds(users, userIds).catch(() => [])).map((record) => [String(record.id), record]));
  const threads = candidates.filter((candidate) => !candidate.room).map((candidate) => notificationRef(candidate.key));
  const closures = await threadClosures(services.dataSource, caller.businessId, threads);
  // A thread's closed mark holds until a newer message arrives (db/src/internal/inbox-closures.ts).
  const closedAt = (candidate: Candidate) => {
    if (candidate.room) return candidate.room.endedAt ? new Date(candidate.room.endedAt as string).getTime() : undefined;
    const at = closures.get(notificationRef(candidate.key));
    return at !== undefined && at >= candidate.at ? at : undefined;
  };
  return candidates.map((candidate) => {
    const enduserId = enduserOf(candidate);
    const { newest, room } = candidate;
    const patientName = enduserId ? personName(patients.get(enduserId), UNKNOWN_PATIENT) : String(newest.phoneNumber ?? UNKNOWN_PATIENT);
    const closed = closedAt(candidate);
    const info = ((room?.infoForUser as Record<string, { markedUnread?: boolean; unreadCount?: number }> | undefined) ?? {})[caller.id];
    return {
      key: keyText(candidate.key),
      channel: candidate.key.channel,
      ...(enduserId ? { enduserId } : {}),
      patientName,
      ...(candidate.key.channel === 'Email' ? { subject: String(newest.subject ?? '') } : {}),
      lastMessage: firstLine(room ? room.recentMessage : candidate.key.channel === 'Email' ? newest.textContent : newest.message),
      lastMessageAt: candidate.at,
      lastFromPatient: room ? ((room.enduserIds as string[] | undefined) ?? []).includes(String(room.recentSender)) : newest.inbound === true,
      assignees: assigneeIds(candidate).map((id) => ({ id, name: personName(staff.get(id), 'A colleague') })),
      ...(closed !== undefined ? { closedAt: closed } : {}),
      markedUnread: info?.markedUnread === true,
      // A room's count is kept for its members (chat-room-preview.ts); anyone else's is counted from their notifications (inbox-unread.ts).
      unreadCount: room && !ids(room.userIds).includes(caller.id) ? -1 : info?.unreadCount ?? 0,
    };
  });
};
