import { useEffect, useRef, useState } from 'react';
import { BottomSheet } from './bottom-sheet';
import { Button, type ButtonVariant } from './button';
import { cx } from './class-names';
import { CameraIcon } from './icons';
import { MessageLine } from './message-line';
import { t } from '../../i18n';
import { msg } from '../../../contracts/msg';

export type CameraUnavailableReason = 'unsupported' | 'denied' | 'failed';

export const CAMERA_UNAVAILABLE_MESSAGES: Record<CameraUnavailableReason, string> = {
  unsupported: msg('Camera is not available on this device. Pick a photo instead.'),
  denied: msg('Camera permission was denied. Allow the camera in your browser settings, or pick a photo instead.'),
  failed: msg('The camera could not be started. Pick a photo instead.'),
};

/** Back camera preferred, ideal 1280x720 (REQ-FILE-4). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
};

const JPEG_QUALITY = 0.92;

export function cameraFailureReason(err: unknown): CameraUnavailableReason {
  const name =
    err instanceof Error || (typeof err === 'object' && err !== null && 'name' in err) ? String((err as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'unsupported';
  return 'failed';
}

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export type CameraCaptureProps = {
  /** The photo, as image/jpeg named captured_image_{timestamp}.jpg. */
  onCapture: (file: File) => void;
  /** The camera cannot be used; the control also shows a message saying why. */
  onUnavailable?: (reason: CameraUnavailableReason) => void;
  label?: string;
  disabled?: boolean;
  variant?: ButtonVariant;
  className?: string;
};

type Phase = 'idle' | 'starting' | 'live';

/**
 * Camera entry point: a 'Take photo' button that opens a live back-camera view in a BottomSheet with a
 * 'Capture' button. Camera tracks are stopped whenever the sheet closes, and on unmount.
 */
export function CameraCapture({
  onCapture,
  onUnavailable,
  label = msg('Take photo'),
  disabled,
  variant = 'outline',
  className,
}: CameraCaptureProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const [unavailable, setUnavailable] = useState<CameraUnavailableReason | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const attemptRef = useRef(0);

  useEffect(
    () => () => {
      attemptRef.current++;
      stopTracks(streamRef.current);
    },
    [],
  );

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    void video.play?.()?.catch?.(() => {});
  }, [stream]);

  const close = () => {
    attemptRef.current++;
    stopTracks(streamRef.current);
    streamRef.current = null;
    setStream(null);
    setReady(false);
    setPhase('idle');
  };

  const fail = (reason: CameraUnavailableReason) => {
    close();
    setUnavailable(reason);
    onUnavailable?.(reason);
  };

  const open = () => {
    setUnavailable(null);
    const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (typeof devices?.getUserMedia !== 'function') return fail('unsupported');
    const attempt = ++attemptRef.current;
    setPhase('starting');
    devices.getUserMedia(CAMERA_CONSTRAINTS).then(
      (s) => {
        if (attempt !== attemptRef.current) return stopTracks(s);
        streamRef.current = s;
        setStream(s);
        setPhase('live');
      },
      (err: unknown) => {
        if (attempt === attemptRef.current) fail(cameraFailureReason(err));
      },
    );
  };

  const capture = () => {
    const video = videoRef.current;
    if (!video) return;
    const width = video.videoWidth || 1280;
    const height = video.videoHeight || 720;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return fail('failed');
    ctx.drawImage(video, 0, 0, width, height);
    canvas.toBlob(
      (blob) => {
        if (!blob) return fail('failed');
        close();
        onCapture(new File([blob], `captured_image_${Date.now()}.jpg`, { type: 'image/jpeg' }));
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  };

  return (
    <div className={cx('ui-camera', className)}>
      <Button variant={variant} onClick={open} disabled={disabled} busy={phase === 'starting'}>
        <CameraIcon size={18} /> {t(label)}
      </Button>
      {unavailable && <MessageLine variant="warning">{t(CAMERA_UNAVAILABLE_MESSAGES[unavailable])}</MessageLine>}
      <BottomSheet open={phase !== 'idle'} title={t(label)} onClose={close} className="ui-camera__sheet">
        <div className="ui-camera__stage">
          <video
            ref={videoRef}
            className="ui-camera__video"
            autoPlay
            playsInline
            muted
            aria-label={t('Camera preview')}
            onLoadedMetadata={() => setReady(true)}
          />
          {phase === 'starting' && (
            <p className="ui-camera__starting" role="status">
              {t('Starting camera…')}
            </p>
          )}
        </div>
        <Button className="ui-camera__capture" size="lg" onClick={capture} disabled={phase !== 'live' || !ready}>
          {t('Capture')}
        </Button>
      </BottomSheet>
    </div>
  );
}
