import { BadgeCheck, CircleX, TriangleAlert } from 'lucide-react';
import { certificateLinks, type CertificatePageData } from '../../../shared/certificates.ts';
import { buttonClassName } from '../../components/button.tsx';
import { FormNotice, FormPage } from '../../components/form/form-page.tsx';
import { FormFacts, FormPageTitle, FormRecord } from '../../components/form/form-page-parts.tsx';
import { usePrivateData } from '../../lib/private-data.tsx';
import { useLocation } from '../../lib/router.tsx';
import styles from './constancia-page.module.css';

/**
 * `/Constancias/<folio>`: anyone holding a certificate's folio (its QR code leads here) checks that it
 * is real: whose it is, the event, its day and hours, and whether it is still valid or was revoked.
 */
export function ConstanciaPage() {
  const data = usePrivateData<CertificatePageData>('constancia');
  const { pathname } = useLocation();
  const folio = decodeURIComponent(pathname.split('/').pop() ?? '');
  if (!data?.found) {
    return (
      <FormPage labelledBy="constancia-title">
        <FormNotice
          tone="refused"
          icon={TriangleAlert}
          title="Constancia no encontrada"
          titleId="constancia-title"
          role="alert"
        >
          <p>
            No tenemos ninguna constancia con el folio {folio}. Revisa que el enlace o el folio estén
            completos.
          </p>
        </FormNotice>
      </FormPage>
    );
  }
  const valid = data.status === 'Vigente';
  return (
    <FormPage labelledBy="constancia-title">
      <FormPageTitle id="constancia-title">Verificación de constancia</FormPageTitle>
      <FormRecord
        tone={valid ? 'ok' : 'stop'}
        icon={valid ? <BadgeCheck aria-hidden="true" size={22} /> : <CircleX aria-hidden="true" size={22} />}
        status={data.status}
        facts={
          <FormFacts plainTerms>
            <dt>Constancia</dt>
            <dd>Constancia de participación</dd>
            <dt>Otorgada a</dt>
            <dd>{data.fullName || '—'}</dd>
            <dt>Evento</dt>
            <dd>{data.eventName}</dd>
            <dt>Fecha</dt>
            <dd>{data.dateText}</dd>
            <dt>Duración</dt>
            <dd>{data.hours === 1 ? '1 hora' : `${data.hours} horas`}</dd>
            <dt>Folio</dt>
            <dd className={styles.code}>{folio}</dd>
          </FormFacts>
        }
      >
        {valid ? (
          <p className={styles.hint}>
            Esta constancia fue emitida por la asociación y sigue vigente. La fecha se lee en la hora del
            centro de México.
          </p>
        ) : (
          <p className={styles.hint}>
            La asociación revocó esta constancia: ya no acredita la participación.
          </p>
        )}
      </FormRecord>
      {valid ? (
        // A whole page load: the PDF is made by the server.
        <a href={certificateLinks.pdf(folio)} className={buttonClassName({ variant: 'secondary' })}>
          Descargar la constancia (PDF)
        </a>
      ) : null}
    </FormPage>
  );
}
