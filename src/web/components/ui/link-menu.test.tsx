import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkMenu } from './link-menu.tsx';

const ITEMS = [
  { to: '/audit', label: 'Audit Reviews' },
  { to: '/risk', label: 'Risk Analytics' },
  { to: '/monitoring', label: 'Monitoring' },
  { to: '/plans', label: 'Compare Plans' },
];

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function Page() {
  return (
    <MemoryRouter initialEntries={['/']}>
      <LinkMenu items={ITEMS}>Capabilities</LinkMenu>
      <a href="#after">After</a>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>
  );
}

const trigger = () => screen.getByRole('button', { name: 'Capabilities' });
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('LinkMenu', () => {
  it('is a closed menu button until pressed', () => {
    render(<Page />);
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(trigger().hasAttribute('aria-controls')).toBe(false);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens from the keyboard on the first item, labelled by its button, items in order', async () => {
    const user = userEvent.setup();
    render(<Page />);
    trigger().focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Capabilities' });
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(trigger().getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem').map((link) => link.textContent)).toEqual(ITEMS.map((entry) => entry.label));
    expect(document.activeElement).toBe(item('Audit Reviews'));
  });

  it('moves with the arrows (wrapping), Home, End and a typed first letter', async () => {
    const user = userEvent.setup();
    render(<Page />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Audit Reviews'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Compare Plans'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Audit Reviews'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(item('Compare Plans'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(item('Audit Reviews'));
    await user.keyboard('m');
    expect(document.activeElement).toBe(item('Monitoring'));
    await user.keyboard('r');
    expect(document.activeElement).toBe(item('Risk Analytics'));
    // A shortcut is not a typed letter: Ctrl+A leaves focus where it is.
    await user.keyboard('{Control>}a{/Control}');
    expect(document.activeElement).toBe(item('Risk Analytics'));
  });

  it('opens on the last item with ↑', async () => {
    const user = userEvent.setup();
    render(<Page />);
    trigger().focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Compare Plans'));
  });

  it('closes with Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    render(<Page />);
    trigger().focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when Tab takes focus elsewhere', async () => {
    const user = userEvent.setup();
    render(<Page />);
    trigger().focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('toggles with the pointer and closes on a press elsewhere', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(trigger());
    screen.getByRole('menu');
    // A pointer user lands on the menu itself; ↓ then reaches the first item.
    expect(document.activeElement).toBe(screen.getByRole('menu'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Audit Reviews'));
    await user.click(trigger());
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(trigger());
    await user.click(screen.getByTestId('where'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('follows a chosen link and closes', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(trigger());
    await user.click(item('Monitoring'));
    expect(screen.getByTestId('where').textContent).toBe('/monitoring');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
