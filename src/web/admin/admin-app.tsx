import { lazy, type ComponentType } from 'react';
import { AdminContext, AdminUI, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import { Route } from 'react-router';
import { authProvider } from './auth-provider.ts';
import { Dashboard } from './dashboard.tsx';
import { dataProvider } from './data-provider.ts';
import { spanishMessages } from './i18n-es.ts';
import { catalogueProvider } from './i18n-provider.ts';
import { AdminLayout, icons } from './layout.tsx';
import { LoginPage } from './login-page.tsx';
import { adminTheme } from './theme.ts';

/**
 * The summary is the admin's landing screen and comes with its first load; every other screen is a
 * part of its own, loaded when first opened (react-admin's layout shows its loader meanwhile).
 */
function screen<Module>(load: () => Promise<Module>, name: keyof Module) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const events = () => import('./events.tsx');
const news = () => import('./news.tsx');
const partners = () => import('./partners.tsx');
const admins = () => import('./admins.tsx');
const RequestList = screen(() => import('./requests.tsx'), 'RequestList');
const RequestShow = screen(() => import('./request-show.tsx'), 'RequestShow');
const EventList = screen(events, 'EventList');
const EventCreate = screen(events, 'EventCreate');
const EventEdit = screen(events, 'EventEdit');
const NewsList = screen(news, 'NewsList');
const NewsCreate = screen(news, 'NewsCreate');
const NewsEdit = screen(news, 'NewsEdit');
const PartnerList = screen(partners, 'PartnerList');
const PartnerCreate = screen(partners, 'PartnerCreate');
const PartnerEdit = screen(partners, 'PartnerEdit');
const UploadList = screen(() => import('./uploads.tsx'), 'UploadList');
const AdminList = screen(admins, 'AdminList');
const AdminCreate = screen(admins, 'AdminCreate');
const AuditList = screen(() => import('./audit.tsx'), 'AuditList');
const AccountPage = screen(() => import('./account.tsx'), 'AccountPage');

const i18nProvider = catalogueProvider(spanishMessages);
const store = localStorageStore();

export function AdminApp() {
  return (
    // What react-admin's <Admin> puts together, with the admin's own catalogue in place of its default
    // (English) translation provider, which <Admin> would bundle even when replaced.
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={adminTheme}
    >
      <AdminUI
        title="Administración del sitio"
        layout={AdminLayout}
        dashboard={Dashboard}
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
      </AdminUI>
    </AdminContext>
  );
}
