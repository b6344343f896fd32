import { useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { ItemLixeira, Pagina } from '@contract';
import { TrashIcon } from '../../../components/icons-pages.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ButtonSpinner, Spinner } from '../../../components/Spinner.tsx';
import { EmptyState, LoadError } from '../../../components/States.tsx';
import { reasonOf } from '../../../api/http.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { cursorPageKey } from '../../../lib/paging.ts';
import { useIsAdmin } from '../../../lib/admin.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/toast.tsx';
import { paths } from '../../../paths.ts';
import { APP_TEXTS } from '../../../texts/app.ts';
import { personOf, HISTORICO_TEXTS } from '../../../texts/historico.ts';
import { LIXEIRA_PATH } from '../../../api/lixeira.ts';
import { useLixeiraActions } from '../../../lib/lixeira.ts';
import { ACOES_TEXTS } from '../../../texts/acoes.ts';

const L = HISTORICO_TEXTS.lixeira;
type Page = Pagina<ItemLixeira>;

const pageKey = cursorPageKey(LIXEIRA_PATH);


/** /lixeira: the deleted records with who and when, 'Restaurar', and for administrators 'Excluir definitivamente'. */
export default function Lixeira() {
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<Page>(pageKey, { revalidateFirstPage: false });
  const itens = data?.flatMap((p) => p.itens) ?? [];
  const more = data !== undefined && data.at(-1)?.cursor != null;
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined;
  // A record restored or purged leaves the pages at once; the server's pages are read again after.
  const drop = (item: ItemLixeira) =>
    void mutate((pages) => pages?.map((p) => ({ ...p, itens: p.itens.filter((i) => !(i.tipo === item.tipo && i.id === item.id)) })), {
      revalidate: true,
    });

  let body;
  if (isLoading && !data) body = <Spinner />;
  else if (error && !data) body = <LoadError message={L.listError} onRetry={() => void mutate()} />;
  else if (itens.length === 0) body = <EmptyState title={L.emptyTitle} text={L.emptyText} actionLabel={L.emptyAction} to={paths.clientes} icon={<TrashIcon size={32} />} />;
  else
    body = (
      <>
        <ul className="card-grid lixeira-list" aria-label={L.listLabel}>
          {itens.map((item) => (
            <li key={`${item.tipo}#${item.id}`}>
              <LixeiraCard item={item} onGone={() => drop(item)} />
            </li>
          ))}
        </ul>
        {more ? (
          <div className="grid-more">
            <button type="button" className="btn btn-secondary" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
              {loadingMore ? <ButtonSpinner /> : null}
              {APP_TEXTS.common.showMore}
            </button>
          </div>
        ) : null}
      </>
    );

  return (
    <div className="page">
      <PageHeader title={APP_TEXTS.titles.lixeira} heading={L.heading} subtitle={L.subheading} />
      {body}
    </div>
  );
}

/** One deleted record: what, who and when, and its actions (the purge after a confirmation). */
function LixeiraCard({ item, onGone }: { item: ItemLixeira; onGone: () => void }) {
  // Administrators delete for good; everyone is one in the open mode, as the API says.
  const admin = useIsAdmin('admin');
  const actions = useLixeiraActions();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<'restore' | 'purge'>();

  const restore = async () => {
    setBusy('restore');
    try {
      const restored = await actions.restore(item.tipo, item.id);
      notifySuccess(ACOES_TEXTS.toast.restored);
      if (restored.aviso) notifyInfo(restored.aviso);
      onGone();
    } catch (err) {
      notifyError(L.restoreFailed, reasonOf(err));
      setBusy(undefined);
    }
  };
  const purge = async () => {
    setAsking(false);
    setBusy('purge');
    try {
      await actions.purge(item.tipo, item.id);
      notifySuccess(L.purged);
      onGone();
    } catch (err) {
      notifyError(L.purgeFailed, reasonOf(err));
      setBusy(undefined);
    }
  };

  return (
    <article className="card lixeira-card" aria-label={`${L.tipo[item.tipo]}: ${item.nome}`}>
      <div className="card-head">
        <span className="tag">{L.tipo[item.tipo]}</span>
        <h2 className="card-title">{item.nome}</h2>
      </div>
      <p className="card-meta">{L.excluido(personOf(item.excluidoPor), formatDateTime(item.excluidoEm))}</p>
      <p className="card-meta">{L.expira(formatDateTime(item.expiraEm))}</p>
      {asking ? (
        <div className="confirm-inline" role="group" aria-label={L.purgeLabel(item.nome)}>
          <p className="confirm-text">{L.purgeQuestion(item.nome)}</p>
          <div className="card-actions">
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAsking(false)}>
              {L.cancel}
            </button>
            <button type="button" className="btn btn-danger btn-sm" onClick={() => void purge()}>
              {L.confirm}
            </button>
          </div>
        </div>
      ) : (
        <div className="card-actions">
          <button type="button" className="btn btn-primary btn-sm" disabled={busy !== undefined} aria-label={L.restoreLabel(item.nome)} onClick={() => void restore()}>
            {busy === 'restore' ? <ButtonSpinner /> : null}
            {L.restore}
          </button>
          {admin ? (
            <button type="button" className="btn btn-danger-ghost btn-sm" disabled={busy !== undefined} aria-label={L.purgeLabel(item.nome)} onClick={() => setAsking(true)}>
              {busy === 'purge' ? <ButtonSpinner /> : null}
              {L.purge}
            </button>
          ) : null}
        </div>
      )}
    </article>
  );
}
