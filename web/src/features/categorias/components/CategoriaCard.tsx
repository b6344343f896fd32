import { Link } from 'react-router-dom';
import type { Categoria, Totais } from '@contract';
import { CardActions } from '../../../components/CardActions.tsx';
import { Badge } from '../../../components/icons.tsx';
import { FolderIcon } from '../../../components/icons-pages.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { paths } from '../../../paths.ts';
import { LISTAS_TEXTS } from '../../../texts/listas.ts';
import { viewHref } from '../../../lib/clientes-url.ts';

/**
 * A category card: its descricao, its clients and total under contract (a line of reserved
 * height, filled when the totals arrive; 'Ver clientes' without them) linking to its clients,
 * 'Editar' and 'Deletar'.
 */
export function CategoriaCard({ categoria, totais }: { categoria: Categoria; totais?: Totais }) {
  return (
    <article className="card categoria-card">
      <div className="card-head">
        <Badge className="card-badge badge-folder" icon={<FolderIcon size={20} />} />
        <h2 className="card-title">{categoria.descricao}</h2>
      </div>
      <p className="categoria-totais">
        {/* The link to its clients never waits on the totals (GET /resumo may fail). */}
        <Link to={viewHref(paths.clientes, { categorias: [categoria.id] })}>
          {totais ? (
            <>
              <span>{LISTAS_TEXTS.categorias.cardClientes(totais.clientes)}</span> · <span>{LISTAS_TEXTS.categorias.cardSoma(formatMoney(totais.soma))}</span>
              <span className="visually-hidden">{`, ${LISTAS_TEXTS.categorias.cardLink(categoria.descricao)}`}</span>
            </>
          ) : (
            <>
              {LISTAS_TEXTS.categorias.cardClientesLink}{' '}
              <span className="visually-hidden">{LISTAS_TEXTS.categorias.cardClientesOf(categoria.descricao)}</span>
            </>
          )}
        </Link>
      </p>
      <CardActions name={categoria.descricao} editTo={paths.atualizarCategoria.to(categoria.id)} deleteTo={paths.deletarCategoria.to(categoria.id)} />
    </article>
  );
}
