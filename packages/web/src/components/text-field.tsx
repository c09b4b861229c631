import type { InputHTMLAttributes, ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Shown beside the input inside the same row, e.g. the show/hide password button. */
  addon?: ReactNode;
}

export function describedBy(
  id: string,
  hint: string | undefined,
  error: string | undefined,
): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((value) => value !== null);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field's hint and error message, with the ids `describedBy` points the control at. */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint: string | undefined;
  error: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with an optional hint and error message tied to it for screen readers. */
export function TextField({ id, label, error, hint, addon, className, ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={addon ? 'input-row' : undefined}>
        <input
          id={id}
          className={className ? `input ${className}` : 'input'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...input}
        />
        {addon}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
