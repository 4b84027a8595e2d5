import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router';
import { AccountPage } from './account.tsx';
import { AdminCreate, AdminList } from './admins.tsx';
import { AuditList } from './audit.tsx';
import { authProvider } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { EventCreate, EventEdit, EventList } from './events.tsx';
import { spanishMessages } from './i18n-es.ts';
import { AdminLayout, icons } from './layout.tsx';
import { LoginPage } from './login-page.tsx';
import { NewsCreate, NewsEdit, NewsList } from './news.tsx';
import { PartnerCreate, PartnerEdit, PartnerList } from './partners.tsx';
import { RequestShow } from './request-show.tsx';
import { RequestList } from './requests.tsx';
import { adminTheme } from './theme.ts';
import { UploadList } from './uploads.tsx';

const i18nProvider = polyglotI18nProvider(() => spanishMessages, 'es', [{ locale: 'es', name: 'Español' }], {
  allowMissing: true,
});

export function AdminApp() {
  return (
    <Admin
      title="Administración del sitio"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={adminTheme}
      layout={AdminLayout}
      loginPage={LoginPage}
      requireAuth
      disableTelemetry
    >
      <Resource
        name="requests"
        options={{ label: 'Solicitudes' }}
        icon={icons.requests}
        list={RequestList}
        show={RequestShow}
      />
      <Resource
        name="events"
        options={{ label: 'Eventos' }}
        icon={icons.events}
        list={EventList}
        create={EventCreate}
        edit={EventEdit}
        recordRepresentation="name"
      />
      <Resource
        name="news"
        options={{ label: 'Noticias' }}
        icon={icons.news}
        list={NewsList}
        create={NewsCreate}
        edit={NewsEdit}
        recordRepresentation="name"
      />
      <Resource
        name="partners"
        options={{ label: 'Socias' }}
        icon={icons.partners}
        list={PartnerList}
        create={PartnerCreate}
        edit={PartnerEdit}
        recordRepresentation="name"
      />
      <Resource name="uploads" options={{ label: 'Imágenes' }} icon={icons.uploads} list={UploadList} />
      <Resource
        name="admins"
        options={{ label: 'Administradoras' }}
        icon={icons.admins}
        list={AdminList}
        create={AdminCreate}
        recordRepresentation="email"
      />
      <Resource name="audit" options={{ label: 'Actividad' }} icon={icons.audit} list={AuditList} />
      <CustomRoutes>
        <Route path="/cuenta" element={<AccountPage />} />
      </CustomRoutes>
    </Admin>
  );
}
