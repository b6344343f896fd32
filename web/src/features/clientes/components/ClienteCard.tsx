import { Link } from 'react-router-dom';
import type { Produto } from '@contract';
import { CrownIcon, DiamondIcon, EditIcon, TrashIcon } from '../../../components/icons.tsx';
import { formatMoney, isVip } from '../../../lib/format.ts';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';

/** A client card: VIP crown or standard diamond, the client's fields, and optionally its actions. */
export function ClienteCard({ produto, actions = true, headingLevel = 2 }: { produto: Produto; actions?: boolean; headingLevel?: 2 | 3 }) {
  const vip = isVip(produto.valorContrato);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`card cliente-card${vip ? ' is-vip' : ''}`}>
      <div className="card-head">
        <span className={`card-badge ${vip ? 'badge-vip' : 'badge-std'}`}>
          {vip ? <CrownIcon label={T.clientes.vip} size={20} /> : <DiamondIcon label={T.clientes.padrao} size={20} />}
        </span>
        <Heading className="card-title">{produto.nome}</Heading>
      </div>
      <dl className="card-fields">
        <div className="field-money">
          <dt>{T.clientes.valorContrato}</dt>
          <dd className="money">{formatMoney(produto.valorContrato)}</dd>
        </div>
        <div>
          <dt>{T.clientes.segmento}</dt>
          <dd>{produto.segmento || T.clientes.semValor}</dd>
        </div>
        <div>
          <dt>{T.clientes.pontoFocal}</dt>
          <dd>{produto.pontoFocal || T.clientes.semValor}</dd>
        </div>
        <div className="field-full">
          <dt>{T.clientes.categoria}</dt>
          <dd>
            <span className={`tag${produto.categoria ? '' : ' tag-empty'}`}>{produto.categoria?.descricao ?? T.clientes.semCategoria}</span>
          </dd>
        </div>
      </dl>
      {actions ? (
        <div className="card-actions">
          <Link className="btn btn-secondary btn-sm" to={paths.atualizarCliente.to(produto.id)} aria-label={T.clientes.editarLabel(produto.nome)}>
            <EditIcon size={16} />
            {T.common.editar}
          </Link>
          <Link className="btn btn-danger-ghost btn-sm" to={paths.deletarCliente.to(produto.id)} aria-label={T.clientes.deletarLabel(produto.nome)}>
            <TrashIcon size={16} />
            {T.common.deletar}
          </Link>
        </div>
      ) : null}
    </article>
  );
}
