import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { useSession } from '../../session/use-session';

/**
 * Signing out from an expert screen: goes home (as every sign-out does) and, while it does, tells
 * the screen it is leaving, so it does not send the now signed-out person to /expert first.
 */
export function useExpertLeave(): { readonly userId: string | null; readonly leaving: boolean; readonly leave: () => void } {
  const { userId, signOut } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const leave = useCallback(() => {
    setLeaving(true);
    void navigate(paths.home.href(), { replace: true });
    signOut();
  }, [navigate, signOut]);
  return { userId, leaving, leave };
}
