// The visit photo's location wait, with a phone whose position reports come in as a receiver settles.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_WAIT_MSG, LocationWait } from './location-wait';

afterEach(cleanup);

/** A device location source: the test sends fixes the way a receiver does, one by one. */
function fakeGeolocation() {
  let onFix: PositionCallback | null = null;
  let onError: PositionErrorCallback | null | undefined = null;
  const geo = {
    watchPosition: vi.fn((ok: PositionCallback, err?: PositionErrorCallback | null) => {
      onFix = ok;
      onError = err;
      return 1;
    }),
    clearWatch: vi.fn(),
    getCurrentPosition: vi.fn(),
  } as unknown as Geolocation;
  const fix = (accuracy: number) =>
    act(() => onFix?.({ coords: { latitude: 18.52, longitude: 73.85, accuracy }, timestamp: Date.now() } as GeolocationPosition));
  const fail = () => act(() => onError?.({ code: 1, message: 'denied' } as GeolocationPositionError));
  return { geo, fix, fail };
}

function setup() {
  const device = fakeGeolocation();
  Object.defineProperty(globalThis.navigator, 'geolocation', { value: device.geo, configurable: true });
  const onAccept = vi.fn();
  render(<LocationWait limitM={50} onAccept={onAccept} onCancel={() => {}} />);
  return { ...device, onAccept };
}

describe('LocationWait', () => {
  it('shows the accuracy shrinking and takes the first fix within the limit, once', () => {
    const { fix, onAccept } = setup();
    expect(screen.getByText(LOCATION_WAIT_MSG.finding)).toBeTruthy();
    fix(240);
    expect(screen.getByTestId('accuracy-figure').textContent).toBe('±240 m');
    fix(90);
    expect(screen.getByTestId('accuracy-figure').textContent).toBe('±90 m');
    fix(400); // a worse report does not replace the best so far
    expect(screen.getByTestId('accuracy-figure').textContent).toBe('±90 m');
    expect(onAccept).not.toHaveBeenCalled();
    fix(35);
    fix(20);
    expect(onAccept).toHaveBeenCalledTimes(1);
    expect(onAccept.mock.calls[0]![0]).toMatchObject({ accuracy: 35, source: 'device' });
    expect(onAccept.mock.calls[0]![1]).toBeUndefined();
  });

  it('takes a worse fix only with a reason, and sends the reason with it', () => {
    const { fix, onAccept } = setup();
    fix(180);
    fireEvent.click(screen.getByRole('button', { name: 'Use ±180 m' }));
    expect(screen.getByText(LOCATION_WAIT_MSG.reason)).toBeTruthy();
    expect(onAccept).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Reason to use this location'), { target: { value: '  Inside a market hall ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use ±180 m' }));
    expect(onAccept).toHaveBeenCalledWith(expect.objectContaining({ accuracy: 180 }), 'Inside a market hall');
  });

  it('keeps the photo without a location, with a reason, when the phone gives none', () => {
    const { fail, onAccept } = setup();
    fail();
    expect(screen.getByText(LOCATION_WAIT_MSG.unavailable)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason to use this location'), { target: { value: 'GPS off on this phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep without location' }));
    expect(onAccept).toHaveBeenCalledWith({ latitude: 0, longitude: 0, source: 'none' }, 'GPS off on this phone');
  });
});
