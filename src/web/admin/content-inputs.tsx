import { maxLength, regex, required, TextInput, type TextInputProps } from 'react-admin';
import { messages } from '../../shared/messages.ts';

/** A required text as wide as the form, held to the length the server accepts. */
export function RequiredTextInput({ max, ...props }: TextInputProps & { max: number }) {
  return <TextInput validate={[required(), maxLength(max)]} fullWidth {...props} />;
}

const httpsUrl = regex(/^https:\/\/\S+$/, messages.httpsUrl);
const optionalHttpsUrl = regex(/^(https:\/\/\S+)?$/, messages.httpsUrl);

/** A link to another site, https only as the server accepts it; required unless `optional`. */
export function HttpsUrlInput({ optional = false, ...props }: TextInputProps & { optional?: boolean }) {
  return (
    <TextInput
      type="url"
      validate={optional ? optionalHttpsUrl : [required(), httpsUrl]}
      fullWidth
      {...props}
    />
  );
}
