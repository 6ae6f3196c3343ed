import { useParams } from 'react-router-dom';
import { HumanSoundsThankYouPage } from '../../features/human-sounds/components/thank-you-page';

/** /humansounds/thankyou/{token}: reached from the checkout or from the receipt e-mail. */
export function Component() {
  const { token = '' } = useParams();
  // Keyed by the token: another purchase's link starts from a fresh look-up.
  return <HumanSoundsThankYouPage key={token} token={token} />;
}
