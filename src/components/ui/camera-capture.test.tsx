import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAMERA_CONSTRAINTS, CAMERA_UNAVAILABLE_MESSAGES, CameraCapture, cameraFailureReason } from './camera-capture';

const realMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');

function setMediaDevices(value: unknown) {
  Object.defineProperty(navigator, 'mediaDevices', { value, configurable: true });
}

function fakeStream() {
  const track = { stop: vi.fn() } as unknown as MediaStreamTrack & { stop: ReturnType<typeof vi.fn> };
  const stream = new MediaStream();
  // happy-dom only accepts its own MediaStream as srcObject, and that one has no tracks to stop.
  Object.defineProperty(stream, 'getTracks', { value: () => [track] });
  return { track, stream };
}

const takePhoto = () => fireEvent.click(screen.getByRole('button', { name: /take photo/i }));

beforeEach(() => setMediaDevices(undefined));
afterEach(() => {
  cleanup();
  if (realMediaDevices) Object.defineProperty(navigator, 'mediaDevices', realMediaDevices);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  vi.restoreAllMocks();
});

describe('cameraFailureReason', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'unsupported'],
    ['NotReadableError', 'failed'],
    ['AbortError', 'failed'],
  ])('%s → %s', (name, reason) => expect(cameraFailureReason(new DOMException('x', name))).toBe(reason));
});

describe('CameraCapture', () => {
  it('without navigator.mediaDevices reports "unsupported" and says to pick a photo', () => {
    const onUnavailable = vi.fn();
    render(<CameraCapture onCapture={() => {}} onUnavailable={onUnavailable} />);
    takePhoto();
    expect(onUnavailable).toHaveBeenCalledWith('unsupported');
    expect(screen.getByText('Camera is not available on this device. Pick a photo instead.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when permission is refused reports "denied" with the settings hint and closes the sheet', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    setMediaDevices({ getUserMedia });
    const onUnavailable = vi.fn();
    render(<CameraCapture onCapture={() => {}} onUnavailable={onUnavailable} />);
    takePhoto();
    expect(getUserMedia).toHaveBeenCalledWith(CAMERA_CONSTRAINTS);
    expect(CAMERA_CONSTRAINTS.video).toEqual({ facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } });
    await vi.waitFor(() => expect(onUnavailable).toHaveBeenCalledWith('denied'));
    expect(screen.getByText(CAMERA_UNAVAILABLE_MESSAGES.denied)).toBeTruthy();
    expect(CAMERA_UNAVAILABLE_MESSAGES.denied).toBe(
      'Camera permission was denied. Allow the camera in your browser settings, or pick a photo instead.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the live view in a sheet and stops the tracks when it is closed', async () => {
    const { stream, track } = fakeStream();
    setMediaDevices({ getUserMedia: vi.fn().mockResolvedValue(stream) });
    render(<CameraCapture onCapture={() => {}} />);
    takePhoto();
    const dialog = await screen.findByRole('dialog', { name: 'Take photo' });
    const video = dialog.querySelector('video')!;
    await vi.waitFor(() => expect((video as HTMLVideoElement & { srcObject: unknown }).srcObject).toBe(stream));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(track.stop).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('captures the video frame as a JPEG file named captured_image_{timestamp}.jpg', async () => {
    const { stream, track } = fakeStream();
    setMediaDevices({ getUserMedia: vi.fn().mockResolvedValue(stream) });
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((cb) => cb(new Blob(['jpeg'], { type: 'image/jpeg' })));
    vi.spyOn(Date, 'now').mockReturnValue(1700000000000);
    const onCapture = vi.fn();
    render(<CameraCapture onCapture={onCapture} />);
    takePhoto();
    const dialog = await screen.findByRole('dialog');
    const capture = screen.getByRole('button', { name: 'Capture' }) as HTMLButtonElement;
    await act(async () => {});
    expect(capture.disabled).toBe(true);
    fireEvent.loadedMetadata(dialog.querySelector('video')!);
    expect(capture.disabled).toBe(false);
    fireEvent.click(capture);
    expect(drawImage).toHaveBeenCalled();
    expect(toBlob.mock.calls[0]![1]).toBe('image/jpeg');
    const file = onCapture.mock.calls[0]![0] as File;
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('captured_image_1700000000000.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(track.stop).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stops a stream that arrives after the sheet was closed, and on unmount', async () => {
    const first = fakeStream();
    let resolve!: (s: MediaStream) => void;
    setMediaDevices({
      getUserMedia: vi.fn(
        () =>
          new Promise<MediaStream>((r) => {
            resolve = r;
          }),
      ),
    });
    const { unmount } = render(<CameraCapture onCapture={() => {}} />);
    takePhoto();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await act(async () => resolve(first.stream));
    expect(first.track.stop).toHaveBeenCalled();

    const second = fakeStream();
    setMediaDevices({ getUserMedia: vi.fn().mockResolvedValue(second.stream) });
    takePhoto();
    await screen.findByRole('dialog');
    await act(async () => {});
    unmount();
    expect(second.track.stop).toHaveBeenCalled();
  });
});
