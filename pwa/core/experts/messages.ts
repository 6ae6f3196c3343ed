/** The expert screens' fixed words that the server's answers repeat. */

/** The dashboard's payment-setup warning while the account cannot take charges. */
export const NOT_ACCEPTING_CHARGES = 'Not accepting charges, set up/verify your Stripe account';

/** The public page, when the expert's account cannot take charges yet. */
export const NOT_TAKING_BOOKINGS = 'This expert is not taking bookings yet. Please check back soon.';

/** The public page after a paid booking. */
export const BOOKING_THANK_YOU = "Thank you, I'll send you an email to schedule soon!";
