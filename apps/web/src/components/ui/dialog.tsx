import { cva, cx, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/*
 * Radix Dialog (focus trap, Escape, scroll lock, labelling) with the app's looks. Compose:
 * <Dialog> <DialogPortal> <DialogOverlay /> <DialogContent> <DialogTitle> ...
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;

/** The dimmed page behind every dialog (also AlertDialog's). */
export const overlayClass = 'fixed inset-0 z-50 bg-black/60';

/**
 * A dialog's box: a centred panel, or a sheet (full screen on a phone; from sm up, framed and as
 * tall as its content: give it a max-height).
 */
export const dialogContentVariants = cva('bg-bg shadow-2xl outline-none', {
  variants: {
    layout: {
      panel:
        'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line p-6',
      sheet:
        'fixed inset-x-0 top-0 bottom-0 z-[60] mx-auto flex max-w-3xl flex-col sm:inset-x-4 sm:top-[5vh] sm:bottom-auto sm:rounded-2xl sm:border sm:border-line',
    },
  },
  defaultVariants: { layout: 'panel' },
});

export function DialogOverlay({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cx(overlayClass, className)} {...props} />;
}

export function DialogContent({
  layout,
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & VariantProps<typeof dialogContentVariants>) {
  return (
    <DialogPrimitive.Content className={dialogContentVariants({ layout, className })} {...props} />
  );
}

/** The × in a dialog's corner. */
export function DialogCloseButton({ label = 'Close' }: { label?: string }) {
  return (
    <DialogPrimitive.Close className="icon-btn" aria-label={label}>
      <X size={20} aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}
