/**
 * A private photo of the back office (a ticket's, a repair's): fetched with the session's token (never a
 * public address), shown as a thumbnail from a data: URL (the staff pages' policy allows `img-src 'self'
 * data:` and refuses blob: images, and stays so), opened full size from a blob: link; « Photo n… » while it
 * loads.
 */
import { useEffect, useState } from 'react';
import { fetchFile } from './api-client';

/** A file's bytes as a data: URL. */
const dataUrlOf = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * `kept`: where the photo may be read without network (the technicians' app's copy on the phone), asked
 * when the call gets no answer.
 */
export default function StaffPhoto({ token, url, alt, pending, kept }: { token: string; url: string; alt: string; pending: string; kept?: (url: string) => Promise<Blob | undefined> }) {
  const [photo, setPhoto] = useState<{ link: string; image: string }>();
  useEffect(() => {
    let link: string | undefined;
    let current = true;
    void fetchFile(token, url).then(async (result) => {
      const bytes = result.ok ? result.value : result.status === 0 ? await kept?.(url) : undefined;
      if (!bytes || !current) return;
      const image = await dataUrlOf(bytes);
      if (!current) return;
      link = URL.createObjectURL(bytes);
      setPhoto({ link, image });
    });
    return () => {
      current = false;
      if (link) URL.revokeObjectURL(link);
    };
  }, [token, url, kept]);
  if (!photo) return <span className="admin-status-line">{pending}</span>;
  return (
    <a href={photo.link} target="_blank" rel="noopener">
      <img src={photo.image} alt={alt} loading="lazy" />
    </a>
  );
}
