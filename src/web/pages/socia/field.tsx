import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './socia-page.module.css';

/** A field's message, tied to its input by `id`. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

/**
 * One labelled input of the member's pages, with its message when the server refused it. (The site's
 * form kit will take this over when it lands.)
 */
export function Field({
  id,
  label,
  error,
  ...input
}: { id: string; label: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={input.type === 'file' ? styles.file : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
