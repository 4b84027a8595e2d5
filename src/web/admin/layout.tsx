import ArticleIcon from '@mui/icons-material/Article';
import EventIcon from '@mui/icons-material/Event';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import ImageIcon from '@mui/icons-material/Image';
import InboxIcon from '@mui/icons-material/Inbox';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SettingsIcon from '@mui/icons-material/Settings';
import { ListItemIcon, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, Menu, UserMenu, useGetIdentity } from 'react-admin';

export const icons = {
  requests: InboxIcon,
  events: EventIcon,
  news: ArticleIcon,
  partners: GroupIcon,
  uploads: ImageIcon,
  admins: ManageAccountsIcon,
  audit: HistoryIcon,
};

function AdminMenu() {
  return (
    <Menu>
      <Menu.ResourceItems />
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

export const AdminLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={AdminMenu} appBar={AdminAppBar}>
    {children}
  </Layout>
);
