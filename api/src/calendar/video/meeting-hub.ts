/**
 * Who is connected to which meeting's signalling stream in this api process, by peer key
 * ('user:<id>' / 'enduser:<id>'). Signals go to one peer or to every other peer; end-meeting tells
 * everyone and closes the streams. (Several api processes would relay through Redis pub/sub; one
 * process is the embedded default.)
 */
export type SignalMessage = Record<string, unknown>;
type Peer = { send: (message: SignalMessage) => void; close: () => void };

class MeetingHub {
  private readonly rooms = new Map<string, Map<string, Peer>>();

  peersOf(meetingId: string) {
    return [...(this.rooms.get(meetingId)?.keys() ?? [])];
  }

  /** A second stream of the same peer replaces the first (a reloaded page). */
  join(meetingId: string, peerKey: string, peer: Peer) {
    const room = this.rooms.get(meetingId) ?? new Map<string, Peer>();
    room.get(peerKey)?.close();
    room.set(peerKey, peer);
    this.rooms.set(meetingId, room);
    return () => {
      if (room.get(peerKey) !== peer) return;
      room.delete(peerKey);
      if (room.size === 0) this.rooms.delete(meetingId);
      this.send(meetingId, { type: 'left', from: peerKey });
    };
  }

  /** To `to` only, or to every peer but `from`. Answers how many peers received it. */
  send(meetingId: string, message: SignalMessage, options: { to?: string; from?: string } = {}) {
    let delivered = 0;
    for (const [key, peer] of this.rooms.get(meetingId) ?? []) {
      if (options.to ? key !== options.to : key === options.from) continue;
      peer.send(message);
      delivered++;
    }
    return delivered;
  }

  /**
   * Closes every stream without ending any meeting (the api is stopping): each page reconnects to the
   * next api process, as after a lost connection.
   */
  closeStreams() {
    const rooms = [...this.rooms.values()];
    this.rooms.clear();
    for (const room of rooms) for (const peer of room.values()) peer.close();
  }

  /** Tells every peer the meeting ended, then closes their streams. */
  end(meetingId: string) {
    const room = this.rooms.get(meetingId);
    if (!room) return;
    this.rooms.delete(meetingId);
    for (const peer of room.values()) {
      peer.send({ type: 'ended', meetingId });
      peer.close();
    }
  }
}

export const meetingHub = new MeetingHub();
