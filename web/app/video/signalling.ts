/** One message of the meeting's signalling stream (decisions: 'Built-in call signalling'). */
export interface SignalMessage {
  type: 'welcome' | 'joined' | 'left' | 'signal' | 'ended' | string;
  from?: string;
  peers?: string[];
  payload?: { sdp?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };
}

/**
 * Where a page relays the meeting's stream: the portal's relay carries the enduser's cookie, the staff
 * app's (under /staff, where its cookie travels) the staff member's.
 */
export const PORTAL_SIGNAL_PATH = '/video-call-signal';
export const STAFF_SIGNAL_PATH = '/staff/video-signal';

/**
 * Reads the page's relay of the stream (same origin, so the session cookie goes along) and hands
 * each `data:` message to `onMessage` in order. Resolves when the stream ends or is aborted.
 */
export const readSignals = async (signalPath: string, meetingId: string, signal: AbortSignal, onMessage: (message: SignalMessage) => Promise<void>) => {
  const response = await fetch(`${signalPath}/${encodeURIComponent(meetingId)}`, { signal, headers: { Accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`The call could not connect (${response.status})`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) await onMessage(JSON.parse(data.slice(6)) as SignalMessage);
    }
  }
};

export const sendSignal = (signalPath: string, meetingId: string, to: string | undefined, payload: SignalMessage['payload']) =>
  fetch(`${signalPath}/${encodeURIComponent(meetingId)}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ to, payload }) });
