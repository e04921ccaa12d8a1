import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Class names joined, with Tailwind conflicts settled in favour of the later one: a caller's
 * `whitespace-normal` beats a component's default `whitespace-nowrap`, whatever order the stylesheet
 * happens to print them in.
 */
export const cn = (...classes: ClassValue[]) => twMerge(clsx(classes));
