import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogPortal,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';
import { Field } from './field';

describe('Field', () => {
  it('names the control by its label and, with an error, marks it invalid and described by it', () => {
    const { rerender } = render(
      <Field id="email" label="Email" description="We never share it.">
        {(control) => <input {...control} type="email" />}
      </Field>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We never share it.');

    rerender(
      <Field id="email" label="Email" description="We never share it." error="Invalid email">
        {(control) => <input {...control} type="email" />}
      </Field>,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid email We never share it.');
    // Errors shown as the reader types are read with the field, not shouted.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces an error that comes after a save (errorAlert)', () => {
    render(
      <Field id="name" label="Name" error="Could not save" errorAlert>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Could not save');
  });
});

describe('Button', () => {
  it('is a plain button unless told, with the variant looks', async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick('submitted')}>
        <Button variant="danger" onClick={() => onClick('clicked')}>
          Delete
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('btn', 'bg-danger');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledExactlyOnceWith('clicked');
  });
});

describe('AlertDialog', () => {
  it('is an alertdialog named by its title and closed by Cancel', async () => {
    const onOpenChange = vi.fn();
    render(
      <AlertDialog open onOpenChange={onOpenChange}>
        <AlertDialogPortal>
          <AlertDialogContent>
            <AlertDialogTitle>Reset your interests?</AlertDialogTitle>
            <AlertDialogDescription>They are cleared.</AlertDialogDescription>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
          </AlertDialogContent>
        </AlertDialogPortal>
      </AlertDialog>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Reset your interests?' });
    expect(dialog).toHaveAccessibleDescription('They are cleared.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
