import { pagePaths } from '../../shared/api-paths.ts';

/**
 * The short privacy notice every form that collects personal data shows beside its button: what the
 * data are for, and the link to the full notice (a new tab, so what was typed stays in the form).
 */
export function PrivacyShortNotice({ purpose, className }: { purpose: string; className?: string }) {
  return (
    <p className={className ?? 'privacy-short-notice'}>
      Aviso de privacidad simplificado: la asociación usa tus datos para {purpose}. Consulta el{' '}
      <a href={pagePaths.avisoPrivacidad} target="_blank" rel="noopener">
        aviso de privacidad integral
      </a>
      .
    </p>
  );
}
