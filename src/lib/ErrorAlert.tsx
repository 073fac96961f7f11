/** A refusal line of the back office's screens, shared by the team's and the tickets' screens. */

/** A refusal to show, read out at once; nothing when there is none. */
export default function ErrorAlert({ text }: { text: string }) {
  return text ? (
    <p className="admin-alert" role="alert">
      {text}
    </p>
  ) : null;
}
