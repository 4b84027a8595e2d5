import { pagePaths } from '../../shared/api-paths.ts';
import { identity } from '../content/identity.ts';

/** The short privacy notice every form that collects personal data shows beside its submit button. */
export function PrivacyShortNotice({ purpose }: { purpose: string }) {
  return (
    <p className="privacy-short-notice">
      Aviso de privacidad simplificado: {identity.name} usa tus datos para {purpose}. Consulta el{' '}
      <a href={pagePaths.avisoPrivacidad}>aviso de privacidad integral</a>.
    </p>
  );
}
