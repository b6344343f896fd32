/**
 * The toasts' code loads with the first toast (lib/toast.tsx → the lazy lib/toaster.tsx): before
 * it, no page renders the container; the first toast mounts it and shows, with its duration. A
 * chunk that fails to load is tried again by the next toast.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notifyError, notifyInfo } from '../../web/src/lib/toast.tsx';
import { mockApi, renderApp, visibleToast } from './helpers.tsx';

describe('toasts', () => {
  it('mount their container with the first toast, which shows with its reason and duration', async () => {
    mockApi({});
    const { container } = renderApp('/sobre-nos');
    await screen.findByRole('heading', { level: 1 });
    expect(container.ownerDocument.querySelector('.toaster')).toBeNull();

    act(() => void notifyError('Erro ao cadastrar o produto.', 'O campo nome é obrigatório.'));
    const shown = await screen.findByRole('alert');
    expect(shown.textContent).toBe('Erro ao cadastrar o produto. O campo nome é obrigatório.');
    const toaster = container.ownerDocument.querySelector<HTMLElement>('.toaster')!;
    expect(toaster).not.toBeNull();
    expect(visibleToast('Erro ao cadastrar o produto.')!.dataset.duration).toBe('2000');

    // Later toasts use the mounted container at once.
    act(() => void notifyInfo('Preencha o nome do produto!'));
    await waitFor(() => expect(within(toaster).getByRole('status')).toHaveTextContent('Preencha o nome do produto!'));
  });
});

describe('toasts whose chunk fails to load', () => {
  it('leave no unhandled rejection, and the next toast loads the chunk again and shows', async () => {
    // A fresh toast module whose chunk fails once (offline, or a deploy replaced the old files).
    vi.resetModules();
    let failures = 1;
    vi.doMock('../../web/src/lib/toaster.tsx', async () => {
      if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
      return vi.importActual('../../web/src/lib/toaster.tsx');
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const toasts = await import('../../web/src/lib/toast.tsx');
      render(<toasts.LazyToaster />);
      act(() => void toasts.notifyError('Erro ao atualizar o produto.'));
      act(() => toasts.removeAllToasts());
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.queryByRole('alert')).toBeNull();

      act(() => void toasts.notifyError('Erro ao cadastrar o produto.'));
      expect((await screen.findByRole('alert')).textContent).toBe('Erro ao cadastrar o produto.');
      expect(failures).toBe(-1);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      vi.doUnmock('../../web/src/lib/toaster.tsx');
    }
  });
});
