import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';

/**
 * How a button looks: a variant (the btn-* utilities of styles.css) and a size. Links that look
 * like buttons take the same classes: `<Link className={buttonVariants({ variant: 'outline' })}>`.
 * A className adds to them (layout: `flex-1`, `justify-start`, ...).
 */
export const buttonVariants = cva('', {
  variants: {
    variant: {
      primary: 'btn-primary',
      outline: 'btn-outline',
      ghost: 'btn-ghost',
      /** The destructive confirmation (delete the account). */
      danger: 'btn bg-danger text-white dark:text-bg',
      /** A square button holding only an icon (give it an aria-label). */
      icon: 'icon-btn',
    },
    size: {
      md: '',
      sm: 'min-h-8 px-3 py-1',
      /** A form's submit button. */
      lg: 'h-11',
      /** The landing page's calls to action. */
      xl: 'h-12 px-6 text-base',
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = VariantProps<typeof buttonVariants>;

/** A `<button>` (type="button" unless told) with the app's looks. */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & ButtonVariants) {
  return <button type={type} className={buttonVariants({ variant, size, className })} {...props} />;
}
