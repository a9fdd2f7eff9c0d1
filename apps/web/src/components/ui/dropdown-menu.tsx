import { cx } from 'class-variance-authority';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/*
 * Radix DropdownMenu (a menu button: arrow keys, typeahead, Escape, focus back on the trigger)
 * with the app's looks. Compose: <DropdownMenu> <DropdownMenuTrigger> <DropdownMenuPortal>
 * <DropdownMenuContent> <DropdownMenuItem> ...
 */
export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuPortal = DropdownMenuPrimitive.Portal;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Content
      sideOffset={sideOffset}
      collisionPadding={8}
      className={cx(
        'z-50 min-w-56 rounded-xl border border-line bg-raised p-1.5 text-fg shadow-lg outline-none',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A row of the menu; `asChild` for a link. Radix focuses the row under the pointer or the arrow
 * keys: it is shaded either way, and ringed (inside, clear of its neighbours) from the keyboard.
 */
export function DropdownMenuItem({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return (
    <DropdownMenuPrimitive.Item
      className={cx(
        'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold select-none focus-visible:-outline-offset-3 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-surface',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return <DropdownMenuPrimitive.Label className={cx('px-3 py-2', className)} {...props} />;
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return (
    <DropdownMenuPrimitive.Separator className={cx('my-1.5 h-px bg-line', className)} {...props} />
  );
}
