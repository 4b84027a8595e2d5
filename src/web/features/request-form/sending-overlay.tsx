import styles from './request-form.module.css';

/** Covers the form while the request travels, so it cannot be sent twice. */
export function SendingOverlay() {
  return (
    <div className={styles.overlay} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.srOnly}>Enviando su solicitud…</span>
    </div>
  );
}
