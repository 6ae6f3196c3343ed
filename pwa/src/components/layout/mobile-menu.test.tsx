import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MobileMenu } from './mobile-menu';
import { navActions, navLinks } from './nav-items';

function renderMenu() {
  render(
    <MemoryRouter>
      <MobileMenu links={navLinks('site')} actions={navActions('site', false)} />
      <a href="#after">After the menu</a>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Menu' });
}

describe('mobile menu', () => {
  it('opens with the keyboard, moves focus in, and closes on Escape back to the toggle', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Product' })).toBeNull();

    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const product = screen.getByRole('link', { name: 'Product' });
    expect(document.activeElement).toBe(product);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(screen.queryByRole('link', { name: 'Product' })).toBeNull();
  });

  it('closes when focus tabs out of the panel', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // Product, Tools, Log in, Sign up, then out of the menu.
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'After the menu' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles closed from the toggle itself', async () => {
    const user = userEvent.setup();
    const toggle = renderMenu();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
