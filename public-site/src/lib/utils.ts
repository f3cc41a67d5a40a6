import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** Short follower counts, rounded down (one rule for every page: common's formatFollowerCount). */
export { formatFollowerCount as formatFollowers } from '@local-creators/common';
