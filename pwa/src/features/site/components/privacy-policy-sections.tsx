import { Link } from 'react-router-dom';
import { paths } from '#core/paths';
import { ANALYTICS_KEEP_DAYS } from '#core/analytics-limits';
import { CONTACT_EMAIL, contactMailto } from '../../../lib/contact';

const mail = <a href={contactMailto('Privacy request')}>{CONTACT_EMAIL}</a>;

/** The policy itself. Each section says what we keep, why, and what you can do about it. */
export function PrivacyPolicySections() {
  return (
    <>
      <section className="render-near-view">
        <h2>What we keep</h2>
        <ul>
          <li>
            <strong>Your account.</strong> Your e-mail address, name and profile picture, as Google gives them
            to us when you sign in with Google, or the e-mail address you type when you sign in without it.
          </li>
          <li>
            <strong>Your practice.</strong> Your journal entries, your birthday and your reminder settings.
            They are saved on your device first, so Memento works offline, and synced to our server so they
            are on all your devices and nothing you write is lost.
          </li>
          <li>
            <strong>The tools you use while signed in.</strong> The launch posts you track, and your expert
            page if you make one (that page is public by design).
          </li>
        </ul>
        <p>
          The <Link to={paths.life.href()}>life calendar</Link> and the date tools need no account: the
          birthday or date you enter stays in the address of the page and is not stored by us.
        </p>
      </section>

      <section className="render-near-view">
        <h2>Analytics, without trackers</h2>
        <p>
          We count page views and a few actions, such as signing in, on our own server. There are no
          third-party trackers, advertising cookies or social widgets on Memento. These events carry no
          personal data beyond your account number when you are signed in, and our server deletes each
          one {ANALYTICS_KEEP_DAYS} days after it was recorded.
        </p>
      </section>

      <section className="render-near-view">
        <h2>Payments</h2>
        <p>
          Payments are handled by Stripe. Your card number goes straight to Stripe: we never see or store
          it. We keep a record of what you bought, the amount and its status, and your e-mail address for
          the receipt.
        </p>
      </section>

      <section className="render-near-view">
        <h2>E-mail</h2>
        <p>
          We e-mail you receipts, download links you paid for and the reminders you switch on. Nothing
          else, unless you ask.
        </p>
      </section>

      <section className="render-near-view">
        <h2>On your device</h2>
        <p>
          While you are signed in, your journal and your settings live on this device (in its IndexedDB
          storage), so Memento works offline, and they sync to our server whenever there is a connection.
          Local storage keeps you signed in, and a service worker keeps the app’s own files so it opens
          without a network.
        </p>
        <p>
          When you log out, Memento first syncs anything not yet on our server (if there is a
          connection). Once everything has
          synced, it deletes your journal and settings from this device and ends your session. If some
          changes have not synced yet, it tells you how many and asks: wait until they have synced (this
          needs a connection), delete them with the rest (they are then lost, since they never reached
          our server), or stay signed in. Nothing is deleted until you choose. Other open tabs of Memento
          on the device are signed out too.
        </p>
        <p>
          Logging out removes only this device’s copy. The copy on our server stays, so your journal is
          there when you sign in again, until you ask us to delete your account (see below).
        </p>
      </section>

      <section className="render-near-view">
        <h2>Who else handles it</h2>
        <p>
          Google (only if you sign in with Google), Stripe (payments), our e-mail provider (sending mail)
          and our hosting provider (running the server). We do not sell your data or share it for
          advertising.
        </p>
      </section>

      <section className="render-near-view">
        <h2>Export and delete</h2>
        <p>
          Write to {mail} from the address of your account. We send you a copy of everything we hold about
          you, or delete your account and all its data from our server, within 30 days. You can also ask
          us to correct anything that is wrong. Signed in, you can download your journal yourself at any
          time from Account Settings.
        </p>
      </section>

      <section className="render-near-view">
        <h2>Contact</h2>
        <p>Questions about this policy or your data: {mail}. We answer every message.</p>
      </section>
    </>
  );
}
