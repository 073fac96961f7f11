import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device-label';

describe('a session’s device name', () => {
  it('names the browser and the system', () => {
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36')).toBe('Chrome sur Android');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari sur iPhone');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0')).toBe('Edge sur Windows');
    expect(deviceLabel('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe('Firefox sur Mac');
  });

  it('says « Appareil inconnu » when nothing can be read', () => {
    expect(deviceLabel('')).toBe('Appareil inconnu');
    expect(deviceLabel('curl/8.5.0')).toBe('Appareil inconnu');
  });
});
