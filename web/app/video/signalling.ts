/** One message of the meeting's signalling stream (decisions: 'Built-in call signalling'). */
export interface SignalMessage {
  type: 'welcome' | 'joined' | 'left' | 'signal' | 'ended' | string;
  from?: string;
  peers?: string[];
  payload?: { sdp?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };
}

/**
 * Reads the portal's relay of the stream (same origin, so the session cookie goes along) and hands
 * each `data:` message to `onMessage` in order. Resolves when the stream ends or is aborted.
 */
export const readSignals = async (meetingId: string, signal: AbortSignal, onMessage: (message: SignalMessage) => Promise<void>) => {
  const response = await fetch(`/video-call-signal/${encodeURIComponent(meetingId)}`, { signal, headers: { Accept: 'text/event-stream' } });
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

export const sendSignal = (meetingId: string, to: string | undefined, payload: SignalMessage['payload']) =>
  fetch(`/video-call-signal/${encodeURIComponent(meetingId)}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ to, payload }) });
