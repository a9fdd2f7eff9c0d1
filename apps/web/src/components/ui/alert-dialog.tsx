import { cx } from 'class-variance-authority';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { buttonVariants } from './button';
import { dialogContentVariants, overlayClass } from './dialog';

/*
 * Radix AlertDialog (a confirmation: no close on an outside click, focus on Cancel) with the
 * looks of ./dialog. Compose: <AlertDialog> <AlertDialogPortal> <AlertDialogOverlay />
 * <AlertDialogContent> <AlertDialogTitle> ... <AlertDialogCancel> ...
 */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;
export const AlertDialogTitle = AlertDialogPrimitive.Title;
export const AlertDialogDescription = AlertDialogPrimitive.Description;
export const AlertDialogAction = AlertDialogPrimitive.Action;

export function AlertDialogOverlay({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Overlay>) {
  return <AlertDialogPrimitive.Overlay className={cx(overlayClass, className)} {...props} />;
}

export function AlertDialogContent({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Content
      className={dialogContentVariants({ layout: 'panel', className })}
      {...props}
    />
  );
}

/** The row of buttons at the foot of a dialog. */
export function DialogActions({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('mt-6 flex flex-wrap justify-end gap-2', className)} {...props} />;
}

/** Cancel: an outline button that closes the dialog. */
export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={buttonVariants({ variant: 'outline', className })}
      {...props}
    />
  );
}
