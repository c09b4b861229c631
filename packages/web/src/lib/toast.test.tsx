import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { showInHindi } from '../test/language.ts';
import { toast } from 'react-toastify';
import { AppToaster, notify, showToast } from './toast.tsx';

describe('toasts', () => {
  it('have a close button and a region named in the language shown', async () => {
    const user = userEvent.setup();
    showInHindi();
    render(<AppToaster />);
    const id = await showToast('error', 'कुछ गड़बड़ हो गई');
    expect(await screen.findByText('कुछ गड़बड़ हो गई')).toBeInTheDocument();
    expect(document.querySelector('.Toastify')).toHaveAttribute('aria-label', 'सूचनाएँ Alt+T');
    expect(toast.isActive(id)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'बंद करें' }));
    // jsdom plays no exit animation, so the toast's node stays; the toast itself is closed.
    await waitFor(() => expect(toast.isActive(id)).toBe(false));
  });

  it('keep the library’s English names in English', async () => {
    render(<AppToaster />);
    notify('info', 'Saved');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(document.querySelector('.Toastify')).toHaveAttribute('aria-label', 'Notifications Alt+T');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
