import { arcoPaths, memberPageRoutes, pagePaths } from '../../../shared/api-paths.ts';
import { isRegistrationPage } from '../../../shared/registration-paths.ts';
import { useLocation } from '../../lib/router.tsx';
import { BoletinPages } from '../boletin/boletin-page.tsx';
import { DerechosArcoPage } from '../derechos-arco/derechos-arco-page.tsx';
import { RegistroPages } from '../registro/registro-page.tsx';
import { SociaPages } from '../socia/socia-page.tsx';
import { ConstanciaPage } from '../constancia/constancia-page.tsx';
import { EncuestaPage } from '../encuesta/encuesta-page.tsx';

/**
 * The pages a visitor rarely opens first, chosen by the address: the ARCO form and its receipt, a
 * member's own pages, the sign-up's pages, and the newsletter's pages (anything else goes back to Inicio). The site's router
 * knows them as one lazy page, so together they cost its first load a single entry.
 */
export function OtherPages() {
  const { pathname } = useLocation();
  if (pathname === pagePaths.derechosArco || pathname === arcoPaths.received) return <DerechosArcoPage />;
  if (pathname === memberPageRoutes.access || pathname.startsWith(`${memberPageRoutes.access}/`))
    return <SociaPages />;
  if (isRegistrationPage(pathname)) return <RegistroPages />;
  if (pathname.startsWith('/Constancias/')) return <ConstanciaPage />;
  if (pathname.startsWith('/Encuesta/')) return <EncuestaPage />;
  return <BoletinPages />;
}
