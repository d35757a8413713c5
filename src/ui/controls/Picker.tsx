/** A labelled <select> over a catalog. */
import { useId } from 'react';
import type { Entry } from '../../engine/contract/catalog.ts';

/** Props of a picker. */
export interface PickerProps<Id extends string> {
  label: string;
  options: readonly Entry<Id>[];
  value: Id;
  onChange(id: Id): void;
}

/** A select whose options carry their one-line summary as a tooltip. */
export function Picker<Id extends string>({ label, options, value, onChange }: PickerProps<Id>) {
  const id = useId();
  const current = options.find((o) => o.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} title={current?.summary} onChange={(e) => onChange(e.target.value as Id)}>
        {options.map((o) => (
          <option key={o.id} value={o.id} title={o.summary}>
            {o.title}
          </option>
        ))}
      </select>
    </div>
  );
}
