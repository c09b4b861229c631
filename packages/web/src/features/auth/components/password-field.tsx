import { useState } from 'react';
import { TextField, type TextFieldProps } from '../../../components/text-field.tsx';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'addon'>;

/** A password input with a show/hide button (spec §2 Login). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="input-addon"
          aria-controls={props.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {/* The name comes from the content ('Show password'), not aria-label, so that finding the
              input by its label 'Password' does not also find this button. */}
          {visible ? 'Hide ' : 'Show '}
          <span className="visually-hidden">password</span>
        </button>
      }
    />
  );
}
