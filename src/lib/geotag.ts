// Where a photo was taken: the device at capture time; a picked picture's own EXIF GPS, else 0, 0 (the UI warns).
import { type GeoTag, NO_GEOTAG } from '../../contracts/files';

export { NO_GEOTAG };
export const GEO_TIMEOUT_MS = 10_000;

/** REQ-FILE-5: photo_geo_tag_info is JSON text with latitude and longitude (0 and 0 when no GPS). */
export const geoTagInfo = (g: Pick<GeoTag, 'latitude' | 'longitude'>) => JSON.stringify({ latitude: g.latitude, longitude: g.longitude });

/** True when the file carries no real location and the UI must show its warning. */
export const isMissingGeoTag = (tag: GeoTag | null | undefined) =>
  !tag || tag.source === 'none' || (tag.latitude === 0 && tag.longitude === 0);

export function captureGeoTag(geo: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<GeoTag> {
  if (!geo) return Promise.resolve({ ...NO_GEOTAG });
  return new Promise((resolve) => {
    geo.getCurrentPosition(
      (pos) =>
        resolve({
          latitude: pos.coords.latitude,
          longitude: pos.coords.longitude,
          accuracy: pos.coords.accuracy,
          captured_at: new Date(pos.timestamp || Date.now()).toISOString(),
          source: 'device',
        }),
      () => resolve({ ...NO_GEOTAG }),
      { enableHighAccuracy: true, timeout: GEO_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

export async function geoTagFromExif(file: Blob): Promise<GeoTag> {
  try {
    // Loaded on first use: the EXIF reader is only needed when a photo is picked (keeps the first load small).
    const { default: exifr } = await import('exifr');
    const gps = await exifr.gps(file);
    if (gps && Number.isFinite(gps.latitude) && Number.isFinite(gps.longitude)) {
      return { latitude: gps.latitude, longitude: gps.longitude, source: 'exif', captured_at: new Date().toISOString() };
    }
  } catch {
    // not an image exifr understands, or no EXIF block
  }
  return { ...NO_GEOTAG };
}

/**
 * Camera capture asks the device first (then the frame's EXIF). A picked file is tagged with its own EXIF GPS only:
 * the phone's position now says where the officer stands, not where the picture was taken, so a picture without
 * GPS is tagged 0, 0 ("no GPS found") and the reviewer sees it had none.
 */
export async function resolveGeoTag(file: Blob, how: 'captured' | 'picked', geo?: Geolocation): Promise<GeoTag> {
  if (how === 'picked') return geoTagFromExif(file);
  const fromDevice = await captureGeoTag(geo);
  if (!isMissingGeoTag(fromDevice)) return fromDevice;
  return geoTagFromExif(file);
}
