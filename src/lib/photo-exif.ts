// Issue 22: what a picked photo says about itself: when (EXIF DateTimeOriginal) and where (EXIF GPS) it was taken.
// Compared with the visit's time and the phone's live fix by the integrity rules (contracts/photo-integrity.ts).
export type ExifEvidence = { exif_taken_at?: string; exif_geo?: { latitude: number; longitude: number } };

export async function readExifEvidence(file: Blob): Promise<ExifEvidence> {
  try {
    // Loaded on first use, like the geotag reader: keeps the first load small.
    const { default: exifr } = await import('exifr');
    const tags = (await exifr.parse(file, { pick: ['DateTimeOriginal', 'CreateDate'], gps: true })) as
      | { DateTimeOriginal?: Date; CreateDate?: Date; latitude?: number; longitude?: number }
      | undefined;
    if (!tags) return {};
    const out: ExifEvidence = {};
    const when = tags.DateTimeOriginal ?? tags.CreateDate;
    if (when instanceof Date && !Number.isNaN(when.getTime())) out.exif_taken_at = when.toISOString();
    if (Number.isFinite(tags.latitude) && Number.isFinite(tags.longitude) && !(tags.latitude === 0 && tags.longitude === 0)) {
      out.exif_geo = { latitude: tags.latitude as number, longitude: tags.longitude as number };
    }
    return out;
  } catch {
    return {};
  }
}
