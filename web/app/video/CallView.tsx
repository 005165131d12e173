import Box from '@mui/joy/Box';
import Button from '../components/Button';
import Stack from '@mui/joy/Stack';
import Typography from '@mui/joy/Typography';
import { useEffect, useRef, useState } from 'react';
import { readSignals, sendSignal, type SignalMessage } from './signalling';

interface Props {
  title: string;
  meetingId: string;
  iceServers: RTCIceServer[];
  host: boolean;
  onLeave: () => void;
  onEndForAll: () => void;
  /** The host ended the meeting (the stream said so). */
  onEnded: () => void;
}

/**
 * The call view on the built-in WebRTC channel (002 §4): the camera preview (400 px wide, 200 to 600
 * px high), the other person's video, camera and microphone toggles, Leave Meeting, and for the host
 * End Meeting for All. Unmounting (leaving the route) leaves the call: tracks stop, the connection
 * and the signalling stream close.
 */
export function CallView({ title, meetingId, iceServers, host, onLeave, onEndForAll, onEnded }: Props) {
  const preview = useRef<HTMLVideoElement>(null);
  const remote = useRef<HTMLVideoElement>(null);
  const local = useRef<MediaStream>();
  const [cameraOn, setCameraOn] = useState(true);
  const [micOn, setMicOn] = useState(true);
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
        if (event.candidate) void sendSignal(meetingId, peer, { candidate: event.candidate.toJSON() });
      };
      const offer = async () => {
        await connection.setLocalDescription(await connection.createOffer());
        await sendSignal(meetingId, peer, { sdp: connection.localDescription!.toJSON() });
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
              await sendSignal(meetingId, peer, { sdp: connection.localDescription!.toJSON() });
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
      await readSignals(meetingId, abort.signal, onMessage);
    };

    start().catch((reason: unknown) => {
      if (abort.signal.aborted) return;
      console.warn('The call failed', reason);
      setError(reason instanceof Error ? reason.message : String(reason));
    });
    return stop;
  }, [meetingId, iceServers]);

  const toggle = (kind: 'video' | 'audio', on: boolean) => {
    for (const track of local.current?.getTracks() ?? []) if (track.kind === kind) track.enabled = on;
    if (kind === 'video') setCameraOn(on);
    else setMicOn(on);
  };

  return (
    <Stack component="main" gap={2} alignItems="center" sx={{ p: 2 }}>
      <Typography level="h1" sx={{ fontSize: 'xl' }}>
        {title}
      </Typography>
      {error && (
        <Typography color="danger" role="alert">
          {error}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} gap={2} alignItems="center">
        <Box
          component="video"
          ref={remote}
          autoPlay
          playsInline
          aria-label="Other participant"
          data-remote-tracks={[...remoteKinds].sort().join(',')}
          sx={{ width: 400, maxWidth: '100%', minHeight: 200, maxHeight: 600, bgcolor: 'neutral.800', borderRadius: 'md' }}
        />
        <Box
          component="video"
          ref={preview}
          autoPlay
          playsInline
          muted
          aria-label="Your camera"
          sx={{ width: 400, maxWidth: '100%', minHeight: 200, maxHeight: 600, bgcolor: 'neutral.800', borderRadius: 'md', transform: 'scaleX(-1)' }}
        />
      </Stack>
      <Stack direction="row" gap={1} flexWrap="wrap" justifyContent="center">
        <Button variant="soft" aria-pressed={cameraOn} onClick={() => toggle('video', !cameraOn)}>
          {cameraOn ? 'Turn Camera Off' : 'Turn Camera On'}
        </Button>
        <Button variant="soft" aria-pressed={micOn} onClick={() => toggle('audio', !micOn)}>
          {micOn ? 'Mute Microphone' : 'Unmute Microphone'}
        </Button>
        <Button color="neutral" variant="outlined" onClick={onLeave}>
          Leave Meeting
        </Button>
        {host && (
          <Button color="danger" onClick={onEndForAll}>
            End Meeting for All
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
