import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteAccountDialog } from './delete-account-dialog';

describe('delete account dialog', () => {
  it('warns first, then keeps Delete disabled until DELETE is typed exactly', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => undefined);
    render(<DeleteAccountDialog open onOpenChange={() => undefined} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('delete your saved articles and preferences');
    expect(dialog).toHaveTextContent('remove your reading history and recommendations');
    expect(dialog).toHaveTextContent('cancel your subscriptions');
    expect(dialog).toHaveTextContent('erase all your data');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const field = screen.getByLabelText('Confirmation');
    const confirm = screen.getByRole('button', { name: 'Delete Account' });
    expect(confirm).toBeDisabled();
    for (const wrong of ['delete', 'DELET', 'DELETE ', ' DELETE', 'DELETED']) {
      await user.clear(field);
      await user.type(field, wrong);
      expect(confirm).toBeDisabled();
      await user.type(field, '{Enter}');
    }
    expect(onConfirm).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'DELETE');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
