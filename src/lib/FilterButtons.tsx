/**
 * A row of filter buttons, the chosen one pressed (aria-pressed), shared by the back office's lists (the
 * requests' inbox, the tickets).
 */

/** A row of filter buttons, the chosen one pressed; `prefix` is a visible word the group's name already says. */
export default function FilterButtons<T extends string>({
  name,
  prefix,
  options,
  value,
  onChoose,
}: {
  name: string;
  prefix?: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChoose: (value: T) => void;
}) {
  return (
    <div className="admin-filters" role="group" aria-label={name}>
      {prefix && (
        <span className="admin-filters-label" aria-hidden="true">
          {prefix}
        </span>
      )}
      <span className="admin-filters-options">
        {options.map((item) => (
          <button key={item.value || 'tous'} type="button" className="admin-filter" aria-pressed={value === item.value} onClick={() => onChoose(item.value)}>
            {item.label}
          </button>
        ))}
      </span>
    </div>
  );
}
