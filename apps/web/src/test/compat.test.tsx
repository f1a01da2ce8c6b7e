// The libraries the site uses, run on the renderer that ships (preact/compat, decision 018), in the
// places where Preact and React differ: refs as props, portals and focus, external stores, Suspense.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as React from 'react';
import * as ReactDomClient from 'react-dom/client';
import * as Compat from 'preact/compat';
import { createRef } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { MenuTrigger } from '@/components/layout/menu-trigger';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Toaster } from '@/components/ui/toast';
import { dismissToast, getToasts, toast } from '@/components/ui/toast-store';
import { i18n, i18nReady } from '@/lib/i18n';

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  cleanup();
  dismissToast();
});

function withI18n(node: React.ReactNode) {
  return <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;
}

describe('the runtime', () => {
  it('is preact/compat for react and react-dom, in our code and in the libraries', () => {
    expect(React.Component).toBe(Compat.Component);
    expect(ReactDomClient.createRoot).toBeTypeOf('function');
    // a library hook inside our tree: with a second copy of React it throws "Invalid hook call"
    function Label() {
      const { t } = useTranslation();
      return <span>{t('actions.close')}</span>;
    }
    render(withI18n(<Label />));
    expect(screen.getByText(i18n.t('actions.close'))).toBeTruthy();
  });
});

describe('ref as a prop (function components without forwardRef)', () => {
  it('reaches the element in Input, Button, MenuTrigger and the Select trigger', () => {
    const input = createRef<HTMLInputElement>();
    const button = createRef<HTMLButtonElement>();
    const trigger = createRef<HTMLButtonElement>();
    const select = createRef<HTMLButtonElement>();
    render(
      withI18n(
        <>
          <Input ref={input} aria-label="name" />
          <Button ref={button}>go</Button>
          <MenuTrigger ref={trigger} label="menu" testId="menu">
            m
          </MenuTrigger>
          <Select ref={select} aria-label="bank" options={[{ value: 'bcel', label: 'BCEL' }]} />
        </>,
      ),
    );
    expect(input.current).toBeInstanceOf(HTMLInputElement);
    expect(button.current).toBeInstanceOf(HTMLButtonElement);
    expect(button.current?.textContent).toBe('go');
    expect(trigger.current?.getAttribute('data-testid')).toBe('menu');
    expect(select.current?.getAttribute('role')).toBe('combobox');
  });

  it('lets react-hook-form register Input and read what was typed', async () => {
    const submitted: unknown[] = [];
    function Form() {
      const form = useForm({ defaultValues: { username: '', password: '' } });
      return (
        <form onSubmit={form.handleSubmit((values) => void submitted.push(values))}>
          <Input aria-label="username" {...form.register('username', { required: true })} />
          <Input aria-label="password" type="password" {...form.register('password')} />
          <Button type="submit">send</Button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(<Form />);
    await user.type(screen.getByLabelText('username'), 'somchai');
    await user.type(screen.getByLabelText('password'), 'pw-1');
    await user.click(screen.getByText('send'));
    await waitFor(() => expect(submitted).toEqual([{ username: 'somchai', password: 'pw-1' }]));
  });
});

describe('radix on preact', () => {
  it('Dialog: portal into body, focus inside, Tab stays inside, Escape closes and gives focus back', async () => {
    const user = userEvent.setup();
    const { container } = render(
      withI18n(
        <Dialog>
          <DialogTrigger>open</DialogTrigger>
          <DialogContent title="Title" description="Text">
            <input aria-label="first" />
          </DialogContent>
        </Dialog>,
      ),
    );
    const opener = screen.getByText('open');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('DropdownMenu opens from the keyboard and runs the chosen item', async () => {
    const chosen: string[] = [];
    const user = userEvent.setup();
    render(
      <DropdownMenu>
        <DropdownMenuTrigger>menu</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => chosen.push('refresh')}>refresh</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => chosen.push('logout')}>logout</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    screen.getByText('menu').focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toBeTruthy();
    // which element has focus right after opening differs in jsdom (the menu on Preact, its first item on
    // React); in Chromium it is the first item on both (e2e shell.spec: the language menu from the keyboard)
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('logout');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(chosen).toEqual(['logout']);
  });

  it('Toaster (useSyncExternalStore): one toast at a time, the new one replaces the old, the close button dismisses', async () => {
    const user = userEvent.setup();
    render(withI18n(<Toaster />));
    act(() => void toast({ title: 'first' }));
    expect(await screen.findByText('first')).toBeTruthy();
    act(() => void toast({ title: 'second' }));
    expect(await screen.findByText('second')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('first')).toBeNull());
    // by keyboard: jsdom has no pointer capture, which the toast's swipe handling asks for on pointerdown
    screen.getByLabelText(i18n.t('toast.close')).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('second')).toBeNull());
    expect(getToasts().every((t) => !t.open)).toBe(true);
  });
});

describe('data and translations', () => {
  it('TanStack Query renders the data once the query resolves', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Credit() {
      const q = useQuery({ queryKey: ['credit'], queryFn: async () => ({ amount: 20_000 }) });
      return <p>{q.data ? `credit ${q.data.amount}` : 'loading'}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Credit />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('credit 20000')).toBeTruthy();
  });

  it('react-i18next renders a lazily loaded namespace once it arrives (useSyncExternalStore)', async () => {
    const ns = 'wallet';
    expect(i18n.hasLoadedNamespace(ns)).toBe(false);
    function Wallet() {
      const { t, ready } = useTranslation(ns);
      return <p data-testid="wallet">{ready ? t('credit.title') : 'waiting'}</p>;
    }
    render(withI18n(<Wallet />));
    expect(screen.getByTestId('wallet').textContent).toBe('waiting');
    await waitFor(() => expect(screen.getByTestId('wallet').textContent).toBe(i18n.getFixedT('lo', ns)('credit.title')));
    expect(screen.getByTestId('wallet').textContent).not.toBe('credit.title');
  });
});
