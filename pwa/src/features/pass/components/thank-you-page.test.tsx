import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '#core/paths';
import { PassCheckoutPage } from './pass-checkout-page';
import { PassThankYouPage } from './thank-you-page';

describe('THE PASS pages', () => {
  it('the thank-you page thanks the buyer, promises the e-mail in 2 weeks, has the note and goes home', async () => {
    const router = createMemoryRouter(
      [
        { path: paths.home.path, element: <p>Home page</p> },
        { path: paths.thankYou.path, Component: PassThankYouPage },
      ],
      { initialEntries: [paths.thankYou.href()] },
    );
    render(<RouterProvider router={router} />);
    screen.getByRole('heading', { level: 1, name: 'Thank you!' });
    screen.getByText(/We will e-mail you as soon as the next product ships: it should be out in 2 weeks\./);
    screen.getByText(/A note from the creator/);
    expect(document.title).toBe('Thank you · Memento');
    const [first] = screen.getAllByRole('link', { name: 'Go Home' });
    await userEvent.setup().click(first ?? document.body);
    await screen.findByText('Home page');
  });

  it('the checkout page names THE PASS at USD 20 around the checkout it is given', () => {
    const router = createMemoryRouter([{ path: paths.pay.path, element: <PassCheckoutPage checkout={<form aria-label="checkout" />} /> }], {
      initialEntries: [paths.pay.href()],
    });
    render(<RouterProvider router={router} />);
    screen.getByRole('heading', { level: 1, name: 'THE PASS' });
    screen.getByText('USD $20');
    screen.getByRole('form', { name: 'checkout' });
  });
});
