/**
 * A private photo of the back office (a ticket's, a repair's): fetched with the session's token (never a
 * public address), shown as a thumbnail that opens the full photo; « Photo n… » while it loads.
 */
import { useEffect, useState } from 'react';
import { fetchFile } from './api-client';

export default function StaffPhoto({ token, url, alt, pending }: { token: string; url: string; alt: string; pending: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let address: string | undefined;
    void fetchFile(token, url).then((result) => {
      if (!result.ok) return;
      address = URL.createObjectURL(result.value);
      setSrc(address);
    });
    return () => {
      if (address) URL.revokeObjectURL(address);
    };
  }, [token, url]);
  if (!src) return <span className="admin-status-line">{pending}</span>;
  return (
    <a href={src} target="_blank" rel="noopener">
      <img src={src} alt={alt} loading="lazy" />
    </a>
  );
}
