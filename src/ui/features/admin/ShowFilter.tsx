/**
 * The "Show" select above an admin list: every record, or only those at one of `values` (a
 * pipeline's stages, an application's statuses), each named "<label> only".
 */
interface Props<Value extends string> {
  id: string;
  /** The first choice, which shows every record: "All stages". */
  allLabel: string;
  values: readonly Value[];
  labels: Record<Value, string>;
  value: Value | '';
  onChange: (value: Value | '') => void;
}

export function ShowFilter<Value extends string>({ id, allLabel, values, labels, value, onChange }: Props<Value>) {
  return (
    <div className="field admin-filter">
      <label className="field-label" htmlFor={id}>
        Show
      </label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value as Value | '')}>
        <option value="">{allLabel}</option>
        {values.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]} only
          </option>
        ))}
      </select>
    </div>
  );
}
