import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white shadow hover:brightness-105',
  secondary: 'border border-line bg-card text-ink hover:bg-raised',
  ghost: 'text-ink hover:bg-raised',
  // white on #ef4444 is 3.76:1 (fails AA for 14 px text); the page colour #0b0b10 on it is 5.22:1
  destructive: 'bg-danger text-page hover:brightness-110',
};

export const buttonClass = (variant: ButtonVariant = 'primary', extra = '') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  loading?: boolean;
  children: ReactNode;
}

export function Button({ variant = 'primary', loading = false, className = '', children, disabled, type = 'button', ...rest }: Props) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size={16} />}
      {children}
    </button>
  );
}
