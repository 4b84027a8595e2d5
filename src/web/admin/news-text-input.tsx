import { RichTextInput, RichTextInputToolbar } from 'ra-input-rich-text';
import { maxLength, required } from 'react-admin';
import { TEXT_LIMITS } from '../../shared/constants.ts';

const validate = [required(), maxLength(TEXT_LIMITS.html)];

/**
 * The news text editor. It is the admin's heaviest piece (TipTap and ProseMirror), so it lives in a
 * chunk of its own that only the news and newsletter forms load (both import it lazily); `source` names
 * the field (the news' `description`, a campaign's `html`).
 */
export default function NewsTextInput({ source = 'description' }: { source?: string }) {
  return (
    <RichTextInput
      source={source}
      label="Texto"
      validate={validate}
      toolbar={<RichTextInputToolbar size="small" />}
      helperText="Se guarda como HTML; el servidor quita lo que no sea seguro."
      fullWidth
    />
  );
}
