import type { SelectHTMLAttributes } from 'react';
import { describedBy, FieldNotes } from './text-field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  id: string;
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice, e.g. 'Select your grade'. */
  placeholder: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function SelectField({ id, label, options, placeholder, error, hint, ...select }: SelectFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
