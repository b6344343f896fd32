import { daysBetween, formatData, formatDocumento, formatTelefone, isCelular, mailtoUrl, telUrl, tipoDocumento, todayIso, whatsappUrl, type Cliente } from '@contract';
import { Link } from 'react-router-dom';
import { CardActions } from '../../../components/CardActions.tsx';
import { ProximaTarefaLine } from '../../../components/tarefas/ProximaTarefa.tsx';
import { CrownIcon, DiamondIcon } from '../../../components/icons.tsx';
import { RENEWAL_BADGE_DAYS } from '../../../config.ts';
import { formatMoney, isVip } from '../../../lib/format.ts';
import { paths } from '../../../paths.ts';
import { APP_TEXTS } from '../../../texts/app.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';

/**
 * "Renova em 12 dias" when the contract ends within RENEWAL_BADGE_DAYS, "Vencido" once it ended
 * (`vencidoHa`: how it says since when, "Vencido há 12 dias"); nothing otherwise.
 */
export function RenewalBadge({ fim, vencidoHa }: { fim: string | undefined; vencidoHa?: (dias: number) => string }) {
  if (!fim) return null;
  const dias = daysBetween(todayIso(), fim);
  if (dias > RENEWAL_BADGE_DAYS) return null;
  const overdue = dias < 0 ? (vencidoHa ? vencidoHa(-dias) : CLIENTES_TEXTS.clientes.vencido) : undefined;
  return <span className={`badge-renewal${dias < 0 ? ' is-overdue' : ''}`}>{overdue ?? CLIENTES_TEXTS.clientes.renovaEm(dias)}</span>;
}

/** The client's e-mail and phone as links (mail, call, and WhatsApp for a mobile). */
function Contact({ cliente }: { cliente: Cliente }) {
  const { email, telefone } = cliente;
  if (!email && !telefone) return null;
  const shown = telefone && formatTelefone(telefone);
  return (
    <p className="card-contact">
      {email ? (
        <a className="ident" href={mailtoUrl(email)} title={email} aria-label={CLIENTES_TEXTS.clientes.emailLabel(email)}>
          {email}
        </a>
      ) : null}
      {telefone && shown ? (
        <a className="ident" href={telUrl(telefone)} aria-label={CLIENTES_TEXTS.clientes.telefoneLabel(shown)}>
          {shown}
        </a>
      ) : null}
      {telefone && shown && isCelular(telefone) ? (
        <a href={whatsappUrl(telefone)} target="_blank" rel="noopener noreferrer" aria-label={CLIENTES_TEXTS.clientes.whatsappLabel(shown)}>
          {CLIENTES_TEXTS.clientes.whatsapp}
        </a>
      ) : null}
    </p>
  );
}

/**
 * A client card: VIP crown or standard diamond, the client's fields, its contact and what tells
 * it apart (CNPJ/CPF, contract dates with the renewal badge), and optionally its actions.
 */
export function ClienteCard({
  cliente,
  actions = true,
  headingLevel = 2,
  vencidoHa,
}: {
  cliente: Cliente;
  actions?: boolean;
  headingLevel?: 2 | 3;
  /** How an ended contract's badge says since when ("Vencido há 12 dias"); plain "Vencido" without. */
  vencidoHa?: (dias: number) => string;
}) {
  const vip = isVip(cliente.valorContrato);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { documento, inicioContrato, fimContrato } = cliente;
  return (
    <article className={`card cliente-card${vip ? ' is-vip' : ''}`}>
      <div className="card-head">
        <span className={`card-badge ${vip ? 'badge-vip' : 'badge-std'}`}>
          {vip ? <CrownIcon label={CLIENTES_TEXTS.clientes.vip} size={20} /> : <DiamondIcon label={CLIENTES_TEXTS.clientes.standard} size={20} />}
        </span>
        <Heading className="card-title">
          <Link className="card-title-link" to={paths.cliente.to(cliente.id)}>
            {cliente.nome}
          </Link>
        </Heading>
        <RenewalBadge fim={fimContrato} vencidoHa={vencidoHa} />
      </div>
      <Contact cliente={cliente} />
      <dl className="card-fields">
        <div className="field-money">
          <dt>{CLIENTES_TEXTS.clientes.valorContrato}</dt>
          <dd className="money">{formatMoney(cliente.valorContrato)}</dd>
        </div>
        <div>
          <dt>{CLIENTES_TEXTS.clientes.segmento}</dt>
          <dd>{cliente.segmento || CLIENTES_TEXTS.clientes.noValue}</dd>
        </div>
        <div>
          <dt>{CLIENTES_TEXTS.clientes.pontoFocal}</dt>
          <dd>{cliente.pontoFocal || CLIENTES_TEXTS.clientes.noValue}</dd>
        </div>
        {documento ? (
          <div>
            <dt>{CLIENTES_TEXTS.clientes.tipoDocumento[tipoDocumento(documento)]}</dt>
            <dd>
              <span className="ident" title={formatDocumento(documento)}>
                {formatDocumento(documento)}
              </span>
            </dd>
          </div>
        ) : null}
        {inicioContrato || fimContrato ? (
          <div>
            <dt>{CLIENTES_TEXTS.clientes.contrato}</dt>
            <dd>{CLIENTES_TEXTS.clientes.periodo(inicioContrato && formatData(inicioContrato), fimContrato && formatData(fimContrato))}</dd>
          </div>
        ) : null}
        <div className="field-full">
          <dt>{CLIENTES_TEXTS.clientes.categoria}</dt>
          <dd>
            <span className={`tag${cliente.categoria ? '' : ' tag-empty'}`}>{cliente.categoria?.descricao ?? APP_TEXTS.common.noCategoria}</span>
          </dd>
        </div>
      </dl>
      <ProximaTarefaLine proxima={cliente.proximaTarefa} className="proxima-tarefa card-proxima" />
      {actions ? (
        <CardActions name={cliente.nome} editTo={paths.atualizarCliente.to(cliente.id)} deleteTo={paths.deletarCliente.to(cliente.id)} />
      ) : null}
    </article>
  );
}
