import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { TOAST_MS } from '../../shared/constants.ts';
import './toast.css';

export type ToastKind = 'success' | 'error' | 'info';
type ShowToast = (message: string, kind?: ToastKind) => void;

const ToastContext = createContext<ShowToast>(() => {
  console.error('useToast() se usó fuera de <ToastProvider>.');
});

/** Shows a short message for 2.5 s in a polite live region. */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

/**
 * Holds the one live region toasts are announced through. The region is always in the document, so
 * screen readers notice when its text changes.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ message: string; kind: ToastKind; key: number } | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const show = useCallback<ShowToast>((message, kind = 'info') => {
    window.clearTimeout(timer.current);
    setToast({ message, kind, key: Date.now() });
    timer.current = window.setTimeout(() => setToast(null), TOAST_MS);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
        {toast ? (
          <p key={toast.key} className={`toast toast--${toast.kind}`}>
            {toast.message}
          </p>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}
