import { Navigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { ExpertDashboardPage } from '../../features/experts/components/dashboard-page';
import { useExpertLeave } from '../../features/experts/use-expert-leave';

/** /expert/dashboard: the expert's own page; signed out, the expert landing. */
export function Component() {
  const { userId, leaving, leave } = useExpertLeave();
  if (leaving) return null;
  if (userId === null) return <Navigate to={paths.expert.href()} replace />;
  return <ExpertDashboardPage key={userId} onLogOut={leave} />;
}
