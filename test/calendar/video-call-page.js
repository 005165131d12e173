/* eslint-disable */
// Loaded into the test's Chromium pages (test/calendar/video-call.test.ts): plain browser JavaScript.
/**
 * What the portal's call view does with the built-in channel, reduced to its protocol: camera and
 * microphone into an RTCPeerConnection, signalling through the api's per-meeting stream (read with
 * fetch so the session token goes along) and POSTs. The second peer to arrive makes the offer.
 */
window.joinCall = async ({ host, token, meetingId }) => {
  const state = window;
  state.remoteKinds = [];
  state.ended = false;
  state.log = [];
  const url = `${host}/v1/meetings/${meetingId}/signal`;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  const pc = new RTCPeerConnection({ iceServers: [] });
  for (const track of stream.getTracks()) pc.addTrack(track, stream);
  pc.ontrack = (event) => state.remoteKinds.push(event.track.kind);
  let peer;
  const send = (payload) => fetch(url, { method: 'POST', headers, body: JSON.stringify({ to: peer, payload }) });
  pc.onicecandidate = (event) => {
    if (event.candidate) void send({ candidate: event.candidate.toJSON() });
  };
  const pending = [];
  const offer = async () => {
    await pc.setLocalDescription(await pc.createOffer());
    await send({ sdp: pc.localDescription.toJSON() });
  };
  const onMessage = async (message) => {
    state.log.push(message.type);
    if (message.type === 'welcome' && message.peers && message.peers.length) {
      peer = message.peers[0];
      await offer();
    } else if (message.type === 'joined') {
      peer = message.from;
    } else if (message.type === 'signal' && message.payload) {
      peer = message.from;
      const { sdp, candidate } = message.payload;
      if (sdp) {
        await pc.setRemoteDescription(sdp);
        for (const queued of pending.splice(0)) await pc.addIceCandidate(queued);
        if (sdp.type === 'offer') {
          await pc.setLocalDescription(await pc.createAnswer());
          await send({ sdp: pc.localDescription.toJSON() });
        }
      } else if (candidate) {
        if (pc.remoteDescription) await pc.addIceCandidate(candidate);
        else pending.push(candidate);
      }
    } else if (message.type === 'ended') {
      state.ended = true;
      pc.close();
      for (const track of stream.getTracks()) track.stop();
    }
  };
  const response = await fetch(url, { headers });
  state.signalStatus = response.status;
  if (!response.ok || !response.body) return;
  // Read the event stream in the background; each `data:` line is one message, handled in order.
  void (async () => {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let chain = Promise.resolve();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) {
          const message = JSON.parse(data.slice(6));
          chain = chain.then(() => onMessage(message)).catch((error) => void state.log.push(`error: ${String(error)}`));
        }
      }
    }
  })();
};
