/**
 * Who is connected to which meeting's signalling socket, in this api process: end-meeting tells
 * them the meeting ended. (Several api processes would relay through Redis; one process is the
 * embedded default.)
 */
type Listener = (message: Record<string, unknown>) => void;

class MeetingHub {
  private readonly rooms = new Map<string, Set<Listener>>();

  join(meetingId: string, listener: Listener) {
    const room = this.rooms.get(meetingId) ?? new Set<Listener>();
    room.add(listener);
    this.rooms.set(meetingId, room);
    return () => {
      room.delete(listener);
      if (room.size === 0) this.rooms.delete(meetingId);
    };
  }

  broadcast(meetingId: string, message: Record<string, unknown>) {
    for (const listener of this.rooms.get(meetingId) ?? []) listener(message);
  }
}

export const meetingHub = new MeetingHub();
