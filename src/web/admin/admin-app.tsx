import { lazy, Suspense, type ComponentType } from 'react';
import { AdminContext, AdminUI, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import MembersIcon from '@mui/icons-material/CardMembership';
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

/** The three content resources share one shape of pages (content-pages.tsx): list, create, edit. */
function contentScreens<Module>(load: () => Promise<Module>, prefix: string) {
  return {
    list: screen(load, `${prefix}List` as keyof Module),
    create: screen(load, `${prefix}Create` as keyof Module),
    edit: screen(load, `${prefix}Edit` as keyof Module),
  };
}

const contentResources = [
  { name: 'events', label: 'Eventos', ...contentScreens(() => import('./events.tsx'), 'Event') },
  { name: 'news', label: 'Noticias', ...contentScreens(() => import('./news.tsx'), 'News') },
  { name: 'partners', label: 'Socias', ...contentScreens(() => import('./partners.tsx'), 'Partner') },
] as const;

const admins = () => import('./admins.tsx');
const RequestList = screen(() => import('./requests.tsx'), 'RequestList');
const RequestShow = screen(() => import('./request-show.tsx'), 'RequestShow');
const UploadList = screen(() => import('./uploads.tsx'), 'UploadList');
const AdminList = screen(admins, 'AdminList');
const AdminCreate = screen(admins, 'AdminCreate');
const AuditList = screen(() => import('./audit.tsx'), 'AuditList');
const AccountPage = screen(() => import('./account.tsx'), 'AccountPage');
const ArcoList = screen(() => import('./arco.tsx'), 'ArcoList');
const ArcoShow = screen(() => import('./arco.tsx'), 'ArcoShow');
const PersonPage = screen(() => import('./person.tsx'), 'PersonPage');
const ResetPasswordPage = screen(() => import('./reset-password-page.tsx'), 'ResetPasswordPage');
const newsletter = () => import('./newsletter.tsx');
const CampaignList = screen(newsletter, 'CampaignList');
const CampaignCreate = screen(newsletter, 'CampaignCreate');
const CampaignEdit = screen(newsletter, 'CampaignEdit');
const SubscriberList = screen(newsletter, 'SubscriberList');
const CertificatesPage = screen(() => import('./certificates.tsx'), 'CertificatesPage');
const MemberList = screen(() => import('./members.tsx'), 'MemberList');
const MemberShow = screen(() => import('./members-show.tsx'), 'MemberShow');
const MembersSettings = screen(() => import('./members-settings.tsx'), 'MembersSettings');
const MembersTools = screen(() => import('./members-tools.tsx'), 'MembersTools');

interface Screens {
  name: keyof typeof icons;
  label: string;
  list: ComponentType;
  show?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  /** What names one record in titles and references. */
  recordRepresentation?: string;
}

/** The admin's resources in the menu's order, each with the screens it has. */
const screens: Screens[] = [
  { name: 'requests', label: 'Solicitudes', list: RequestList, show: RequestShow },
  { name: 'arco', label: 'Derechos ARCO', list: ArcoList, show: ArcoShow, recordRepresentation: 'folio' },
  ...contentResources.map((resource) => ({ ...resource, recordRepresentation: 'name' })),
  { name: 'uploads', label: 'Imágenes', list: UploadList },
  {
    name: 'admins',
    label: 'Administradoras',
    list: AdminList,
    create: AdminCreate,
    recordRepresentation: 'email',
  },
  {
    name: 'newsletter-campaigns',
    label: 'Boletín',
    list: CampaignList,
    create: CampaignCreate,
    edit: CampaignEdit,
    recordRepresentation: 'subject',
  },
  { name: 'newsletter-subscribers', label: 'Suscriptoras', list: SubscriberList },
  { name: 'audit', label: 'Actividad', list: AuditList },
];

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
        {screens.map(({ name, label, ...pages }) => (
          <Resource key={name} name={name} options={{ label }} icon={icons[name]} {...pages} />
        ))}
        <Resource
          name="members"
          options={{ label: 'Membresías' }}
          icon={MembersIcon}
          list={MemberList}
          show={MemberShow}
          recordRepresentation="fullName"
        />
        {/* A reset link by mail: reached without a session, outside the admin's frame. */}
        <CustomRoutes noLayout>
          <Route
            path="/restablecer-contrasena/:token"
            element={
              <Suspense fallback={null}>
                <ResetPasswordPage />
              </Suspense>
            }
          />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/cuenta" element={<AccountPage />} />
          <Route path="/privacidad" element={<PersonPage />} />
          <Route path="/eventos/:id/constancias" element={<CertificatesPage />} />
          <Route path="/members-settings" element={<MembersSettings />} />
          <Route path="/members-tools" element={<MembersTools />} />
        </CustomRoutes>
      </AdminUI>
    </AdminContext>
  );
}
