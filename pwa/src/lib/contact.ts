/** The app's contact address lives in `#core/contact` (the server's e-mails and pages name it too). */
export { CONTACT_EMAIL, contactMailto } from '#core/contact';
