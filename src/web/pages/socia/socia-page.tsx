import { TriangleAlert } from 'lucide-react';
import { pageRouteOf } from '../../../shared/api-paths.ts';
import type {
  InvitationPageData,
  MemberAccessPageData,
  MemberPageData,
  MemberPagesData,
} from '../../../shared/member-schemas.ts';
import { memberPaths } from '../../../shared/member-paths.ts';
import { buttonClassName } from '../../components/button.tsx';
import { PERSON_FIELDS, TextField, fieldBinding } from '../../components/form/field.tsx';
import { FormCard, FormNotice, FormPage } from '../../components/form/form-page.tsx';
import { FormPageTitle } from '../../components/form/form-page-parts.tsx';
import { Form, FormAlert, FormStatus, SubmitButton } from '../../components/form/form.tsx';
import { PrivacyShortNotice } from '../../components/form/privacy-short-notice.tsx';
import { usePrivateData } from '../../lib/private-data.tsx';
import { useLocation } from '../../lib/router.tsx';
import { MemberPage } from './member-page.tsx';

/** `/Socia`: the link to her page, asked for with her address (the answer is the same for anyone). */
function AccessPage({ data }: { data?: MemberAccessPageData }) {
  const field = fieldBinding('socia-acceso', data?.fields ?? {}, data?.values);
  return (
    <FormPage labelledBy="socia-title">
      <FormPageTitle id="socia-title">Tu página de socia</FormPageTitle>
      <p>
        En tu página ves el estado de tu membresía, tus recibos, cómo renovar y tu ficha en el directorio.
        Escribe el correo con el que eres socia y te enviaremos el enlace.
      </p>
      {data?.sent ? (
        <FormStatus>
          Si ese correo es de una socia, te enviamos el enlace a su página. Revisa tu bandeja de entrada (y la
          de correo no deseado) en unos minutos.
        </FormStatus>
      ) : null}
      {data?.notice && !data.sent ? (
        <FormAlert title="No pudimos enviar el formulario">{data.notice}</FormAlert>
      ) : null}
      <FormCard>
        <Form action={memberPaths.access}>
          <TextField {...PERSON_FIELDS.email} {...field('email')} required />
          <PrivacyShortNotice purpose="enviarte el enlace a tu página de socia." />
          <SubmitButton sending={false}>Enviarme el enlace</SubmitButton>
        </Form>
      </FormCard>
    </FormPage>
  );
}

/** An unknown link to a member's page or an invitation (the server answers it with 404). */
function UnknownLink({ title, text }: { title: string; text: string }) {
  return (
    <FormPage labelledBy="socia-title">
      <FormNotice tone="refused" icon={TriangleAlert} title={title} titleId="socia-title" role="alert">
        <p>{text}</p>
      </FormNotice>
      {/* A whole page load: the page it opens is drawn by the server. */}
      <a href={memberPaths.access} className={buttonClassName({ variant: 'secondary' })}>
        Pedir un enlace nuevo
      </a>
    </FormPage>
  );
}

/** `/Socia/invitacion/<token>`: a seat's invitation, accepted by its button (opening it changes nothing). */
function InvitationPage({ data }: { data: InvitationPageData }) {
  const { pathname } = useLocation();
  const fields = data.fields ?? {};
  const field = fieldBinding('socia-invitacion', fields, data.values);
  if (!data.valid) {
    return (
      <UnknownLink
        title="Invitación no válida"
        text="Esta invitación ya se aceptó, no existe o la membresía que la envió ya no está activa. Si ya eres socia, pide el enlace a tu página."
      />
    );
  }
  return (
    <FormPage labelledBy="socia-title">
      <FormPageTitle id="socia-title">Invitación a ser socia</FormPageTitle>
      <p>
        {data.organisation} te invita a ocupar uno de los lugares de su membresía {data.planName}. Serás socia
        con tu propia página y compartirás el periodo de su membresía.
      </p>
      <FormCard>
        <Form action={pathname}>
          {Object.keys(fields).length > 0 ? (
            <FormAlert title="No pudimos aceptar la invitación">Revisa los campos marcados.</FormAlert>
          ) : null}
          <TextField {...PERSON_FIELDS.fullName} {...field('fullName')} required />
          <TextField
            {...field('position')}
            type="text"
            label="Puesto (opcional)"
            autoComplete="organization-title"
          />
          <PrivacyShortNotice purpose="darte de alta como socia, administrar tu membresía y enviarte sus avisos." />
          <SubmitButton sending={false} variant="confirm" size="lg">
            Aceptar invitación
          </SubmitButton>
        </Form>
      </FormCard>
    </FormPage>
  );
}

/**
 * A member's pages, chosen by the address and drawn with the data the server gave them: the access
 * form, a seat's invitation, her page, or an unknown link when the data are not that page's. The site's
 * router knows them, with the other rarely opened pages, as one lazy page.
 */
export function SociaPages() {
  const { pathname } = useLocation();
  const data = usePrivateData<MemberPagesData>(
    'socia',
    'socia-acceso',
    'socia-invitacion',
    'socia-desconocida',
  );
  const route = pageRouteOf(pathname);
  if (route === memberPaths.access) {
    return <AccessPage data={data?.kind === 'socia-acceso' ? data : undefined} />;
  }
  if (route === memberPaths.invitation && data?.kind === 'socia-invitacion') {
    return <InvitationPage data={data} />;
  }
  if (route === memberPaths.page && data?.kind === 'socia')
    return <MemberPage data={data as MemberPageData} />;
  return (
    <UnknownLink
      title="Enlace no válido"
      text="Este enlace a una página de socia no es válido o ya no existe. Revisa que el enlace de tu correo esté completo, o pide uno nuevo."
    />
  );
}
