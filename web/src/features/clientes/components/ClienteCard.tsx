import type { Cliente } from '@contract';
import { CardActions } from '../../../components/CardActions.tsx';
import { CrownIcon, DiamondIcon } from '../../../components/icons.tsx';
import { formatMoney, isVip } from '../../../lib/format.ts';
import { paths } from '../../../paths.ts';
import { T } from '../../../texts.ts';

/** A client card: VIP crown or standard diamond, the client's fields, and optionally its actions. */
export function ClienteCard({ cliente, actions = true, headingLevel = 2 }: { cliente: Cliente; actions?: boolean; headingLevel?: 2 | 3 }) {
  const vip = isVip(cliente.valorContrato);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`card cliente-card${vip ? ' is-vip' : ''}`}>
      <div className="card-head">
        <span className={`card-badge ${vip ? 'badge-vip' : 'badge-std'}`}>
          {vip ? <CrownIcon label={T.clientes.vip} size={20} /> : <DiamondIcon label={T.clientes.standard} size={20} />}
        </span>
        <Heading className="card-title">{cliente.nome}</Heading>
      </div>
      <dl className="card-fields">
        <div className="field-money">
          <dt>{T.clientes.valorContrato}</dt>
          <dd className="money">{formatMoney(cliente.valorContrato)}</dd>
        </div>
        <div>
          <dt>{T.clientes.segmento}</dt>
          <dd>{cliente.segmento || T.clientes.noValue}</dd>
        </div>
        <div>
          <dt>{T.clientes.pontoFocal}</dt>
          <dd>{cliente.pontoFocal || T.clientes.noValue}</dd>
        </div>
        <div className="field-full">
          <dt>{T.clientes.categoria}</dt>
          <dd>
            <span className={`tag${cliente.categoria ? '' : ' tag-empty'}`}>{cliente.categoria?.descricao ?? T.clientes.noCategoria}</span>
          </dd>
        </div>
      </dl>
      {actions ? (
        <CardActions name={cliente.nome} editTo={paths.atualizarCliente.to(cliente.id)} deleteTo={paths.deletarCliente.to(cliente.id)} />
      ) : null}
    </article>
  );
}
