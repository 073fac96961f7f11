/** A labelled select of choices (id and label), with an optional first choice for « all » (value ''). */
export default function ChoiceSelect({
  id,
  label,
  value,
  choices,
  all,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: ReadonlyArray<{ id: string; label: string }>;
  all?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {all !== undefined && <option value="">{all}</option>}
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
