import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { SurveyPageData } from '../../../shared/certificates.ts';
import { CheckboxField, FieldError, TextareaField } from '../../components/form/field.tsx';
import { FormCard, FormNotice, FormPage } from '../../components/form/form-page.tsx';
import { Form, FormAlert, SubmitButton } from '../../components/form/form.tsx';
import { PrivacyShortNotice } from '../../components/form/privacy-short-notice.tsx';
import { usePrivateData } from '../../lib/private-data.tsx';
import { useLocation } from '../../lib/router.tsx';
import styles from './encuesta-page.module.css';

/** A row of numbered choices (radio buttons in a fieldset), with the meaning of both ends. */
function Scale({
  id,
  name,
  legend,
  from,
  to,
  low,
  high,
  value,
  error,
}: {
  id: string;
  name: string;
  legend: string;
  from: number;
  to: number;
  low: string;
  high: string;
  value?: string;
  error?: string;
}) {
  const hint = `${id}-hint`;
  return (
    <fieldset className={styles.scale} aria-describedby={error ? `${hint} ${id}-error` : hint}>
      <legend className="form-field__label">{legend}</legend>
      <p id={hint} className="form-field__hint">
        {from} = {low}; {to} = {high}
      </p>
      <div className={styles.options}>
        {Array.from({ length: to - from + 1 }, (_, index) => String(from + index)).map((option) => (
          <div key={option} className={styles.option}>
            <input
              id={`${id}-${option}`}
              type="radio"
              name={name}
              value={option}
              defaultChecked={value === option}
            />
            <label htmlFor={`${id}-${option}`}>{option}</label>
          </div>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/**
 * `/Encuesta/<token>`: the short survey after an event. Opening it records nothing (mail scanners open
 * links); its button posts the answer once, and the page works without script.
 */
export function EncuestaPage() {
  const { pathname } = useLocation();
  const data = usePrivateData<SurveyPageData>('encuesta');
  const state = data?.state ?? 'unknown';
  if (state === 'thanks' || state === 'answered') {
    return (
      <FormPage labelledBy="encuesta-title">
        <FormNotice
          tone="ok"
          icon={CircleCheck}
          title="¡Gracias por tu respuesta!"
          titleId="encuesta-title"
          role="status"
        >
          <p>
            {state === 'thanks'
              ? 'Guardamos tu respuesta. Nos ayuda a preparar mejores eventos.'
              : 'Esta encuesta ya se respondió: solo se puede responder una vez.'}
          </p>
        </FormNotice>
      </FormPage>
    );
  }
  if (state !== 'open') {
    return (
      <FormPage labelledBy="encuesta-title">
        <FormNotice
          tone="refused"
          icon={TriangleAlert}
          title={state === 'closed' ? 'La encuesta ya cerró' : 'Enlace no válido'}
          titleId="encuesta-title"
          role="alert"
        >
          <p>
            {state === 'closed'
              ? `La encuesta de «${data?.eventName ?? ''}» estuvo abierta hasta el ${data?.closesText ?? ''}.`
              : 'Este enlace a una encuesta no es válido. Revisa que el enlace de tu correo esté completo.'}
          </p>
        </FormNotice>
      </FormPage>
    );
  }
  const fields = data?.fields ?? {};
  const values = data?.values ?? {};
  return (
    <FormPage labelledBy="encuesta-title">
      <h1 id="encuesta-title" className={styles.title}>
        ¿Qué te pareció «{data?.eventName}»?
      </h1>
      <p>Tres preguntas, un minuto. Puedes responder hasta el {data?.closesText}, una sola vez.</p>
      {data?.notice ? <FormAlert title="No pudimos guardar tu respuesta">{data.notice}</FormAlert> : null}
      {Object.keys(fields).length > 0 ? (
        <FormAlert title="No pudimos guardar tu respuesta">Revisa los campos marcados.</FormAlert>
      ) : null}
      <FormCard>
        <Form action={pathname}>
          <Scale
            id="encuesta-calificacion"
            name="rating"
            legend="¿Cómo calificas el evento?"
            from={1}
            to={5}
            low="muy malo"
            high="excelente"
            value={values.rating}
            error={fields.rating}
          />
          <Scale
            id="encuesta-recomendacion"
            name="recommend"
            legend="¿La recomendarías?"
            from={0}
            to={10}
            low="nada probable"
            high="muy probable"
            value={values.recommend}
            error={fields.recommend}
          />
          <TextareaField
            id="encuesta-comentario"
            name="comment"
            label="Comentario (opcional)"
            hint="Qué te gustó, qué mejorarías."
            rows={4}
            maxLength={2000}
            defaultValue={values.comment ?? ''}
            error={fields.comment}
          />
          <CheckboxField
            id="encuesta-citar"
            name="quote"
            label="Pueden citar mi nombre junto a mi comentario (opcional)"
            defaultChecked={values.quote ?? false}
          />
          <PrivacyShortNotice purpose="conocer tu opinión del evento y mejorar los siguientes; sin la casilla marcada, tu comentario se muestra sin tu nombre." />
          <SubmitButton sending={false}>Enviar mi respuesta</SubmitButton>
        </Form>
      </FormCard>
    </FormPage>
  );
}
