/**
 * The toasts' code loads with the first toast (lib/toast.tsx → the lazy lib/toaster.tsx): before
 * it, no page renders the container; the first toast mounts it and shows, with its duration.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
