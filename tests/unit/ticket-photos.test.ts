/**
 * A ticket's photos on the server: the form that carries them (multipart, limits, French refusals that
 * keep nothing) and their re-encoding (upright, no metadata, at most 1 600 px, JPEG, under 250 KB for a
 * phone photo), read back with sharp from the private store.
 */
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acceptPhoto, acceptPhotos } from '../../netlify/lib/tickets/photos';
import { erasePhotos, photoBytes } from '../../netlify/lib/tickets/photo-store';
import { readTicketForm } from '../../netlify/lib/tickets/ticket-form';
import { storeNames, strongStore } from '../../netlify/lib/storage/storage';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import { writePhoto } from '../helpers/photo';

let blobs: TestBlobs;
/** A 4032 × 3024 phone photo, with the EXIF a phone writes: orientation (held upright: 90°), camera, GPS position. */
let phonePhoto: Buffer;

beforeAll(async () => {
  blobs = await startTestBlobs();
  const file = join(tmpdir(), `ticket-photo-${process.pid}.jpg`);
  await writePhoto(file);
  phonePhoto = await sharp(await readFile(file))
    .withExif({ IFD0: { Make: 'Telephone', Model: 'Modele X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 36/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '61/1 4/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 88 })
    .toBuffer();
  await rm(file);
});

afterAll(async () => {
  await blobs.stop();
});

const small = (format: 'jpeg' | 'png' | 'webp' | 'gif', alpha = false) =>
  sharp({ create: { width: 40, height: 30, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 30, b: 30, alpha: 0.2 } : '#3a7bd5' } })
    .toFormat(format)
    .toBuffer();

/** A request carrying a multipart form: text fields and files. */
function formRequest(fields: Record<string, string>, files: Array<{ name: string; type: string; bytes: Uint8Array }>): Request {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const file of files) data.append('photos', new File([Buffer.from(file.bytes)], file.name, { type: file.type }));
  return new Request('http://localhost/api/espace-client/tickets', { method: 'POST', body: data });
}

const storedKeys = async () => (await strongStore(storeNames.ticketPhotos).list()).blobs.map((blob) => blob.key);

describe('readTicketForm', () => {
  test('reads the text fields and the photos in the order sent', async () => {
    const jpeg = await small('jpeg');
    const png = await small('png');
    const read = await readTicketForm(formRequest({ description: 'La caisse 2 ne démarre plus.', impact: 'bloquant' }, [
      { name: 'caisse.jpg', type: 'image/jpeg', bytes: jpeg },
      { name: 'ecran.png', type: 'image/png', bytes: png },
    ]));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.fields).toEqual({ description: 'La caisse 2 ne démarre plus.', impact: 'bloquant' });
    expect(read.form.photos.map((photo) => [photo.name, photo.declaredType, photo.bytes.byteLength])).toEqual([
      ['caisse.jpg', 'image/jpeg', jpeg.byteLength],
      ['ecran.png', 'image/png', png.byteLength],
    ]);
  });

  test('an empty file input is no photo', async () => {
    const read = await readTicketForm(formRequest({ text: 'Bonjour' }, [{ name: '', type: 'application/octet-stream', bytes: new Uint8Array() }]));
    expect(read.ok && read.form.photos).toEqual([]);
  });

  test('a GIF is refused in French, naming the file, whatever its name and declared type say', async () => {
    const read = await readTicketForm(formRequest({}, [{ name: 'photo.jpg', type: 'image/jpeg', bytes: await small('gif') }]));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(415);
    expect(await read.response.json()).toEqual({ success: false, error: 'Cette photo est refusée : seules les photos JPEG, PNG ou WebP sont acceptées.', photo: 'photo.jpg' });
  });

  test('an 11 Mo photo is refused with 413 in French', async () => {
    const bytes = new Uint8Array(11 * 1024 * 1024);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const read = await readTicketForm(formRequest({}, [{ name: 'IMG_2041.jpg', type: 'image/jpeg', bytes }]));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(413);
    expect(await read.response.json()).toEqual({ success: false, error: 'Cette photo dépasse 10 Mo : réduisez-la ou choisissez-en une autre.', photo: 'IMG_2041.jpg' });
  });

  test('a sixth photo is refused', async () => {
    const jpeg = await small('jpeg');
    const read = await readTicketForm(formRequest({}, Array.from({ length: 6 }, (_, index) => ({ name: `p${index}.jpg`, type: 'image/jpeg', bytes: jpeg }))));
    expect(!read.ok && read.response.status).toBe(400);
    if (!read.ok) expect((await read.response.json()).error).toBe('Ajoutez 5 photos au plus par message.');
  });

  test('a JSON body is refused with 415: the form must come from the site', async () => {
    const read = await readTicketForm(new Request('http://localhost/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
    expect(!read.ok && read.response.status).toBe(415);
  });

  test('a body announced over the limit is refused before it is read', async () => {
    const request = new Request('http://localhost/x', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * 1024 * 1024) }, body: '--x--' });
    const read = await readTicketForm(request);
    expect(!read.ok && read.response.status).toBe(413);
  });

  test('text fields over 32 KB together are refused', async () => {
    const read = await readTicketForm(formRequest({ description: 'a'.repeat(33 * 1024) }, []));
    expect(!read.ok && read.response.status).toBe(413);
  });
});

describe('acceptPhoto', () => {
  test('a phone photo is turned upright, resized to 1 600 px, stripped of its metadata and GPS position, and kept under 250 KB', async () => {
    const original = await sharp(phonePhoto).metadata();
    expect([original.width, original.height, original.orientation]).toEqual([4032, 3024, 6]);
    // The phone's EXIF names the camera and points to a GPS block (tag 0x8825, either byte order).
    const gpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
    expect(original.exif?.includes(Buffer.from('Modele X'))).toBe(true);
    expect(gpsPointer(original.exif!)).toBe(true);
    const photo = await acceptPhoto('t-photos', phonePhoto, 'image/jpeg');
    if ('error' in photo) throw new Error(photo.error);
    // Held upright (EXIF 6): the stored photo is portrait.
    expect([photo.width, photo.height]).toEqual([1200, 1600]);
    const stored = await photoBytes('t-photos', photo.id);
    expect(stored?.byteLength).toBe(photo.bytes);
    const read = await sharp(stored!).metadata();
    expect(read.format).toBe('jpeg');
    expect([read.width, read.height]).toEqual([1200, 1600]);
    expect(read.exif).toBeUndefined();
    expect(read.xmp).toBeUndefined();
    expect(read.iptc).toBeUndefined();
    expect(read.orientation).toBeUndefined();
    expect(Buffer.from(stored!).includes(Buffer.from('Modele X'))).toBe(false);
    expect(Buffer.from(stored!).includes(Buffer.from('Exif'))).toBe(false);
    expect(photo.bytes).toBeLessThanOrEqual(250 * 1024);
    console.log(`photo: sent ${Math.round(phonePhoto.byteLength / 1024)} KB (not resized by a browser), stored ${Math.round(photo.bytes / 1024)} KB`);
  });

  test('a PNG with transparency and a WebP are kept as JPEG', async () => {
    for (const bytes of [await small('png', true), await small('webp')]) {
      const photo = await acceptPhoto('t-formats', bytes, 'image/png');
      if ('error' in photo) throw new Error(photo.error);
      expect((await sharp((await photoBytes('t-formats', photo.id))!).metadata()).format).toBe('jpeg');
      expect([photo.width, photo.height]).toEqual([40, 30]);
    }
  });

  test('a GIF, an 11 Mo file and a broken JPEG are refused and nothing is kept', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const broken = (await small('jpeg')).subarray(0, 60);
    expect(await acceptPhoto('t-refused', await small('gif'), 'image/gif')).toEqual({ error: 'photo_type_refused' });
    expect(await acceptPhoto('t-refused', big, 'image/png')).toEqual({ error: 'photo_too_large' });
    expect(await acceptPhoto('t-refused', broken, 'image/jpeg')).toEqual({ error: 'photo_unreadable' });
    expect((await storedKeys()).filter((key) => key.startsWith('t-refused/'))).toEqual([]);
  });

  test('photos of one form are kept all or none: a broken one erases those kept before it', async () => {
    const good = { name: 'ok.jpg', declaredType: 'image/jpeg', bytes: await small('jpeg') };
    const broken = { name: 'casse.jpg', declaredType: 'image/jpeg', bytes: good.bytes.subarray(0, 60) };
    const refused = await acceptPhotos('t-batch', [good, good, broken]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(await refused.response.json()).toEqual({ success: false, error: 'Cette photo est illisible : choisissez-en une autre.', photo: 'casse.jpg' });
    expect((await storedKeys()).filter((key) => key.startsWith('t-batch/'))).toEqual([]);
    const kept = await acceptPhotos('t-batch', [good, good]);
    expect(kept.ok && kept.photos.length).toBe(2);
  });

  test('a photo is read only under its own ticket, and erasing a ticket’s photos leaves the others', async () => {
    const photo = await acceptPhoto('t-a', await small('jpeg'), 'image/jpeg');
    await acceptPhoto('t-ab', await small('jpeg'), 'image/jpeg');
    if ('error' in photo) throw new Error(photo.error);
    expect(await photoBytes('t-b', photo.id)).toBeUndefined();
    expect(await photoBytes('t-a', '../t-a/' + photo.id)).toBeUndefined();
    expect(await erasePhotos('t-a')).toBe(1);
    expect(await photoBytes('t-a', photo.id)).toBeUndefined();
    expect((await storedKeys()).filter((key) => key.startsWith('t-ab/'))).toHaveLength(1);
  });
});
