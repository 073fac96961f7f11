/**
 * What the last action of a record's screen did: its refusal (ErrorAlert) or its success notice, which is
 * brought into view and focused each time it changes (useNoticeInView), so it is both seen and read out.
 */
import ErrorAlert from './ErrorAlert';
import { useNoticeInView } from './notice-in-view';

/** The error, then the success notice, of a record's screen. */
export default function ActionNotices({ error, notice }: { error: string; notice: string }) {
  const noticeRef = useNoticeInView<HTMLParagraphElement>(notice);
  return (
    <>
      <ErrorAlert text={error} />
      {notice && (
        <p ref={noticeRef} tabIndex={-1} className="admin-success" role="status">
          {notice}
        </p>
      )}
    </>
  );
}
