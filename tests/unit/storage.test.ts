import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBlobs, type TestBlobs } from '../helpers/blobs';
import { strongStore, updateJSON } from '../../netlify/lib/storage/storage';

let blobs: TestBlobs;
beforeAll(async () => {
  blobs = await startTestBlobs();
});
afterAll(() => blobs.stop());

describe('updateJSON (conditional read-modify-write)', () => {
  it('creates an absent blob, then changes it, returning what the change says', async () => {
    const key = `compteur-${crypto.randomUUID()}`;
    expect(await updateJSON<number, string>('test-storage', key, (current) => ({ value: (current ?? 0) + 1, result: 'créé' }))).toBe('créé');
    expect(await updateJSON<number, number | undefined>('test-storage', key, (current) => ({ value: (current ?? 0) + 1, result: current }))).toBe(1);
    expect(await strongStore('test-storage').get(key, { type: 'json' })).toBe(2);
  });

  it('writes nothing when the change returns no value', async () => {
    const key = `rien-${crypto.randomUUID()}`;
    expect(await updateJSON('test-storage', key, () => ({ result: 'lu' }))).toBe('lu');
    expect(await strongStore('test-storage').get(key)).toBeNull();
  });

  it('costs one read and one write, as on Netlify: the local server answers a read with its ETag', async () => {
    const key = `aller-retour-${crypto.randomUUID()}`;
    await updateJSON<number, void>('test-storage', key, () => ({ value: 1, result: undefined }));
    const before = blobs.operations.length;
    await updateJSON<number, void>('test-storage', key, (current) => ({ value: (current ?? 0) + 1, result: undefined }));
    expect(blobs.operations.slice(before).map((operation) => operation.type)).toEqual(['get', 'set']);
    expect(await strongStore('test-storage').get(key, { type: 'json' })).toBe(2);
  });

  it('50 simultaneous increments lose none', async () => {
    const key = `concurrence-${crypto.randomUUID()}`;
    await Promise.all(Array.from({ length: 50 }, () => updateJSON<number, void>('test-storage', key, (current) => ({ value: (current ?? 0) + 1, result: undefined }))));
    expect(await strongStore('test-storage').get(key, { type: 'json' })).toBe(50);
  });
});
