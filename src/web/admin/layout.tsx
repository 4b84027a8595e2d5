import ArticleIcon from '@mui/icons-material/Article';
import EventIcon from '@mui/icons-material/Event';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import ImageIcon from '@mui/icons-material/Image';
import InboxIcon from '@mui/icons-material/Inbox';
import MailIcon from '@mui/icons-material/Mail';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import SettingsIcon from '@mui/icons-material/Settings';
import { Alert, Box, ListItemIcon, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, Menu, Title, UserMenu, useGetIdentity } from 'react-admin';
import type { AdminIdentity } from './auth-provider.ts';
import { SecondFactorCard } from './second-factor.tsx';

export const icons = {
  requests: InboxIcon,
  events: EventIcon,
  news: ArticleIcon,
  partners: GroupIcon,
  uploads: ImageIcon,
  admins: ManageAccountsIcon,
  audit: HistoryIcon,
  arco: PrivacyTipIcon,
  'newsletter-campaigns': MailIcon,
  'newsletter-subscribers': MarkEmailReadIcon,
};

function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Resumen" />
      <Menu.ResourceItems />
      <Menu.Item to="/privacidad" primaryText="Datos de una persona" leftIcon={<PersonSearchIcon />} />
      <Menu.Item to="/cuenta" primaryText="Mi cuenta y ajustes" leftIcon={<SettingsIcon />} />
      <MenuItem component="a" href="/Inicio" target="_blank" rel="noopener">
        <ListItemIcon>
          <OpenInNewIcon fontSize="small" />
        </ListItemIcon>
        Ver el sitio público
      </MenuItem>
    </Menu>
  );
}

/** The menu button shows the admin's e-mail, so its accessible name includes it too. */
function AdminUserMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ? `Cuenta de ${identity.fullName}` : 'Cuenta'}>
      <Logout />
    </UserMenu>
  );
}

const AdminAppBar = () => <AppBar userMenu={<AdminUserMenu />} />;

/**
 * When the site requires a second factor and the admin has none yet, setting it up is all she can do:
 * the page she asked for waits until it is on.
 */
function SecondFactorGate({ children }: { children: ReactNode }) {
  const { identity, refetch } = useGetIdentity();
  const admin = identity as Partial<AdminIdentity> | undefined;
  if (!admin?.secondFactorRequired || admin.secondFactorEnabled) return <>{children}</>;
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2, maxWidth: 640 }}>
      <Title title="Activa la verificación en dos pasos" />
      <Alert severity="info">
        El sitio exige la verificación en dos pasos a todas las administradoras. Actívala para continuar.
      </Alert>
      <SecondFactorCard onChange={() => void refetch()} />
    </Box>
  );
}

export const AdminLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={AdminMenu} appBar={AdminAppBar}>
    <SecondFactorGate>{children}</SecondFactorGate>
  </Layout>
);
