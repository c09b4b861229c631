import { useState } from 'react';
import { TextField, type TextFieldProps } from '../../../components/text-field.tsx';
import { Message } from '../../../i18n/message.tsx';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'addon'>;

/** A password input with a show/hide button (spec §2 Login). */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  // The name comes from the content ('Show password'), not aria-label, so that finding the input
  // by its label 'Password' does not also find this button; the word 'password' is only heard.
  const hidden = <span className="visually-hidden" />;
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
          {visible ? (
            <Message id="auth.passwordField.hide" components={{ 0: hidden }} />
          ) : (
            <Message id="auth.passwordField.show" components={{ 0: hidden }} />
          )}
        </button>
      }
    />
  );
}
