import type { ComponentType, SVGProps } from 'react';
import { BankIcon, DepositIcon, GameIcon, UserIcon, WithdrawIcon } from '@/components/ui/icons';
import { GiftIcon, HistoryIcon, LoginIcon, SlidersIcon } from '@/components/ui/more-icons';

export interface NavLeaf {
  /** translation key in the common namespace */
  label: string;
  href: string;
  /** a brand name shown as is */
  raw?: boolean;
}

export interface NavEntry extends NavLeaf {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  children?: readonly NavLeaf[];
}

/** SPEC.md §2, drawer when logged out. */
export const GUEST_ENTRIES: readonly NavEntry[] = [
  { label: 'nav.login', href: '/login', icon: LoginIcon },
  { label: 'nav.register', href: '/register', icon: UserIcon },
];

/** Logged in, group 1. */
export const PLAYER_GROUP_1: readonly NavEntry[] = [
  {
    label: 'nav.games',
    href: '/player/game/alphabet',
    icon: GameIcon,
    children: [
      { label: 'Alphabet', href: '/player/game/alphabet', raw: true },
      { label: 'AskMeBet', href: '/player/game/askmebet?tab=Slot', raw: true },
      { label: 'GClub', href: '/player/game/gclub', raw: true },
      { label: 'GClub Live', href: '/player/game/gclub_live', raw: true },
      { label: 'Betflix', href: '/player/game/betflix?tab=pp.txt', raw: true },
    ],
  },
  { label: 'nav.deposit', href: '/player/deposit', icon: DepositIcon },
  { label: 'nav.withdraw', href: '/player/withdraw', icon: WithdrawIcon },
  { label: 'nav.promotion', href: '/player/promotion', icon: GiftIcon },
];

/** Logged in, group 2, after the divider. */
export const PLAYER_GROUP_2: readonly NavEntry[] = [
  { label: 'nav.bank_account', href: '/player/bank', icon: BankIcon },
  {
    label: 'nav.history',
    href: '/player/deposit/history',
    icon: HistoryIcon,
    children: [
      { label: 'nav.history_deposit', href: '/player/deposit/history' },
      { label: 'nav.history_withdraw', href: '/player/withdraw/history' },
      { label: 'nav.history_promotion', href: '/player/promotion/history' },
    ],
  },
  // responsible play: deposit limits, cooling-off and self-exclusion
  { label: 'nav.limits', href: '/player/limits', icon: SlidersIcon },
];
