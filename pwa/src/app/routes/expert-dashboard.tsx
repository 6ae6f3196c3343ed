import { Navigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { ExpertDashboardPage } from '../../features/experts/components/dashboard-page';
import { useSession } from '../../session/use-session';

/** /expert/dashboard: the expert's own page; signed out, the expert landing. */
export function Component() {
  const { userId, signOut } = useSession();
  if (userId === null) return <Navigate to={paths.expert.href()} replace />;
  return <ExpertDashboardPage key={userId} onLogOut={signOut} />;
}
