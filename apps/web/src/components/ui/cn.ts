import { clsx, type ClassValue } from 'clsx';

/** Joins class names; falsy parts drop out. */
export function cn(...parts: ClassValue[]): string {
  return clsx(parts);
}
