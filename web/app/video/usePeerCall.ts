import { useEffect, useRef, useState, type RefObject } from 'react';
import { PORTAL_SIGNAL_PATH, readSignals, sendSignal, type SignalMessage } from './signalling';

/**
 * One side of a two-person call on the built-in WebRTC channel: the camera and microphone into
 * `preview` and the connection, the other person's tracks into `remote`, offers, answers and ICE
 * candidates through the meeting's signalling stream (the second to arrive makes the offer).
 * Unmounting leaves the call: tracks stop, the connection and the signalling stream close.
 */
export const usePeerCall = ({
  meetingId,
  iceServers,
  preview,
  remote,
  onEnded,
  signalPath = PORTAL_SIGNAL_PATH,
}: {
  meetingId: string;
  iceServers: RTCIceServer[];
  preview: RefObject<HTMLVideoElement>;
  remote: RefObject<HTMLVideoElement>;
  onEnded: () => void;
  signalPath?: string;
}) => {
  const local = useRef<MediaStream>();
  const [remoteKinds, setRemoteKinds] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const endedRef = useRef(onEnded);
  endedRef.current = onEnded;

  useEffect(() => {
    const abort = new AbortController();
    let pc: RTCPeerConnection | undefined;
    let peer: string | undefined;
    const pending: RTCIceCandidateInit[] = [];
    const stop = () => {
      abort.abort();
      pc?.close();
      for (const track of local.current?.getTracks() ?? []) track.stop();
    };

    const start = async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      if (abort.signal.aborted) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      local.current = stream;
      if (preview.current) preview.current.srcObject = stream;
      const connection = new RTCPeerConnection({ iceServers });
      pc = connection;
      for (const track of stream.getTracks()) connection.addTrack(track, stream);
      const remoteStream = new MediaStream();
      connection.ontrack = (event) => {
        remoteStream.addTrack(event.track);
        if (remote.current) remote.current.srcObject = remoteStream;
        setRemoteKinds((kinds) => [...kinds, event.track.kind]);
      };
      connection.onicecandidate = (event) => {
        if (event.candidate) void sendSignal(signalPath, meetingId, peer, { candidate: event.candidate.toJSON() });
      };
      const offer = async () => {
        await connection.setLocalDescription(await connection.createOffer());
        await sendSignal(signalPath, meetingId, peer, { sdp: connection.localDescription!.toJSON() });
      };
      const onMessage = async (message: SignalMessage) => {
        if (message.type === 'welcome' && message.peers?.length) {
          // The second to arrive makes the offer.
          peer = message.peers[0];
          await offer();
        } else if (message.type === 'joined') {
          peer = message.from;
        } else if (message.type === 'signal' && message.payload) {
          peer = message.from;
          const { sdp, candidate } = message.payload;
          if (sdp) {
            await connection.setRemoteDescription(sdp);
            for (const queued of pending.splice(0)) await connection.addIceCandidate(queued);
            if (sdp.type === 'offer') {
              await connection.setLocalDescription(await connection.createAnswer());
              await sendSignal(signalPath, meetingId, peer, { sdp: connection.localDescription!.toJSON() });
            }
          } else if (candidate) {
            if (connection.remoteDescription) await connection.addIceCandidate(candidate);
            else pending.push(candidate);
          }
        } else if (message.type === 'ended') {
          stop();
          endedRef.current();
        }
      };
      await readSignals(signalPath, meetingId, abort.signal, onMessage);
    };

    start().catch((reason: unknown) => {
      if (abort.signal.aborted) return;
      console.warn('The call failed', reason);
      setError(reason instanceof Error ? reason.message : String(reason));
    });
    return stop;
  }, [meetingId, iceServers, signalPath]);

  return { local, remoteKinds, error };
};
