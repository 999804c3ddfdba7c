// What a picked photo says about itself: when (EXIF DateTimeOriginal) and where (EXIF GPS) it was taken.
// Compared with the visit's time and the phone's live fix by the integrity rules (contracts/photo-integrity.ts).
export type ExifEvidence = { exif_taken_at?: string; exif_geo?: { latitude: number; longitude: number } };

export async function readExifEvidence(file: Blob): Promise<ExifEvidence> {
  try {
    // Loaded on first use, like the geotag reader: keeps the first load small.
    const { default: exifr } = await import('exifr');
    // Two reads: exifr's `pick` would drop the GPS tags it derives latitude and longitude from.
    const [tags, gps] = await Promise.all([
      exifr.parse(file, ['DateTimeOriginal', 'CreateDate']).catch(() => undefined) as Promise<
        { DateTimeOriginal?: Date; CreateDate?: Date } | undefined
      >,
      exifr.gps(file).catch(() => undefined) as Promise<{ latitude?: number; longitude?: number } | undefined>,
    ]);
    const out: ExifEvidence = {};
    const when = tags?.DateTimeOriginal ?? tags?.CreateDate;
    if (when instanceof Date && !Number.isNaN(when.getTime())) out.exif_taken_at = when.toISOString();
    const [lat, lon] = [gps?.latitude, gps?.longitude];
    if (Number.isFinite(lat) && Number.isFinite(lon) && !(lat === 0 && lon === 0))
      out.exif_geo = { latitude: lat as number, longitude: lon as number };
    return out;
  } catch {
    return {};
  }
}
