import type { ReactNode } from 'react';
import './spinner.css';

export interface SpinnerProps {
  /** Read by assistive technology; also shown under the ring when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A loading indicator announced politely to screen readers. */
export function Spinner({ label = 'Cargando', showLabel = false, size = 'md', className }: SpinnerProps) {
  return (
    <div className={['spinner', `spinner--${size}`, className ?? ''].filter(Boolean).join(' ')} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className={showLabel ? 'spinner__label' : 'sr-only'}>{label}</span>
    </div>
  );
}

export interface SpinnerOverlayProps {
  /** While true, a translucent layer with a spinner covers the children and blocks pointer input. */
  busy: boolean;
  label?: string;
  children: ReactNode;
  className?: string;
}

/**
 * Wraps content (a form, typically) and covers it with a spinner while `busy`. The content is marked
 * aria-busy and made inert so nothing can be edited or submitted twice meanwhile.
 */
export function SpinnerOverlay({
  busy,
  label = 'Espere un momento...',
  children,
  className,
}: SpinnerOverlayProps) {
  return (
    <div className={['spinner-host', className ?? ''].filter(Boolean).join(' ')} aria-busy={busy}>
      <div inert={busy}>{children}</div>
      {busy ? (
        <div className="spinner-overlay">
          <Spinner label={label} showLabel size="lg" />
        </div>
      ) : null}
    </div>
  );
}
