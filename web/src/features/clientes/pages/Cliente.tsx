import { Link, useNavigate, useParams } from 'react-router-dom';
import { daysBetween, formatData, formatDocumento, formatTelefone, ID_PATTERN, todayIso, isCelular, mailtoUrl, telUrl, tipoDocumento, whatsappUrl, type Cliente } from '@contract';
import { EditIcon, TrashIcon } from '../../../components/icons-pages.tsx';
import { Timeline } from '../../../components/tarefas/Timeline.tsx';
import { ProximaTarefaLine } from '../../../components/tarefas/ProximaTarefa.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { LoadError } from '../../../components/States.tsx';
import { ApiRequestError } from '../../../api/http.ts';
import { viewHref } from '../../../lib/clientes-url.ts';
import { formatMoney, isVip } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { clientes } from '../../../lib/resources.ts';
import { useNow } from '../../../lib/hooks.ts';
import { paths } from '../../../paths.ts';
import { APP_TEXTS } from '../../../texts/app.ts';
import { CLIENTES_TEXTS } from '../../../texts/clientes.ts';
import { TAREFAS_TEXTS } from '../../../texts/tarefas.ts';
import { personOf, HISTORICO_TEXTS } from '../../../texts/historico.ts';
import NotFound from '../../../components/NotFound.tsx';
import { RenewalBadge } from '../components/ClienteCard.tsx';

const P = CLIENTES_TEXTS.pagina;

/** A term and its value; nothing when there is no value. */
function Item({ term, children, wide = false }: { term: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'field-full' : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** 'Voltar para a lista': back to the list as it was (its view is in the URL) when the user came from it. */
function BackLink() {
  const navigate = useNavigate();
  return (
    <Link
      className="back-link"
      to={paths.clientes}
      onClick={(e) => {
        // Came from a page of this app: Back returns to it as it was (filter, sort, scroll).
        if ((window.history.state as { idx?: number } | null)?.idx) {
          e.preventDefault();
          navigate(-1);
        }
      }}
    >
      {P.back}
    </Link>
  );
}

function Record({ cliente }: { cliente: Cliente }) {
  const now = useNow();
  const { email, telefone, documento, inicioContrato, fimContrato, observacoes, categoria } = cliente;
  const vip = isVip(cliente.valorContrato);
  const fone = telefone ? formatTelefone(telefone) : undefined;
  const doc = documento ? formatDocumento(documento) : undefined;
  const actions = (
    <div className="page-actions">
      <Link className="btn btn-secondary" to={paths.atualizarCliente.to(cliente.id)} aria-label={APP_TEXTS.common.editLabel(cliente.nome)}>
        <EditIcon size={18} />
        {APP_TEXTS.common.edit}
      </Link>
      <Link className="btn btn-danger-ghost" to={paths.deletarCliente.to(cliente.id)} aria-label={APP_TEXTS.common.deleteLabel(cliente.nome)}>
        <TrashIcon size={18} />
        {APP_TEXTS.common.delete}
      </Link>
    </div>
  );
  return (
    <>
      <PageHeader title={P.title(cliente.nome)} heading={cliente.nome} subtitle={vip ? CLIENTES_TEXTS.clientes.vip : CLIENTES_TEXTS.clientes.standard} action={actions} />
      <div className="cliente-audit">
        {cliente.criadoEm && cliente.criadoPor ? <p className="audit-line">{HISTORICO_TEXTS.historico.createdBy(personOf(cliente.criadoPor), formatDateTime(cliente.criadoEm))}</p> : null}
        {cliente.atualizadoEm && cliente.atualizadoPor && cliente.atualizadoEm !== cliente.criadoEm ? (
          <p className="audit-line">{HISTORICO_TEXTS.historico.updatedBy(personOf(cliente.atualizadoPor), formatDateTime(cliente.atualizadoEm))}</p>
        ) : null}
      </div>
      <div className="cliente-page">
        <section className="card cliente-section cliente-section-wide cliente-proxima" aria-labelledby="cliente-proxima">
          <h2 id="cliente-proxima" className="section-title">
            {TAREFAS_TEXTS.cliente.proxima}
          </h2>
          <ProximaTarefaLine proxima={cliente.proximaTarefa} now={now} />
        </section>
        <section className="card cliente-section" aria-labelledby="cliente-contato">
          <h2 id="cliente-contato" className="section-title">
            {P.contato}
          </h2>
          {email || fone || doc ? (
            <dl className="card-fields">
              {email ? (
                <Item term={P.email} wide>
                  <a className="ident" href={mailtoUrl(email)} title={email} aria-label={CLIENTES_TEXTS.clientes.emailLabel(email)}>
                    {email}
                  </a>
                </Item>
              ) : null}
              {telefone && fone ? (
                <Item term={P.telefone}>
                  <a className="ident" href={telUrl(telefone)} aria-label={CLIENTES_TEXTS.clientes.telefoneLabel(fone)}>
                    {fone}
                  </a>
                  {isCelular(telefone) ? (
                    <>
                      {' · '}
                      <a href={whatsappUrl(telefone)} target="_blank" rel="noopener noreferrer" aria-label={CLIENTES_TEXTS.clientes.whatsappLabel(fone)}>
                        {CLIENTES_TEXTS.clientes.whatsapp}
                      </a>
                    </>
                  ) : null}
                </Item>
              ) : null}
              {documento && doc ? (
                <Item term={CLIENTES_TEXTS.clientes.tipoDocumento[tipoDocumento(documento)]}>
                  <span className="ident" title={doc}>
                    {doc}
                  </span>
                </Item>
              ) : null}
            </dl>
          ) : (
            <p className="card-meta">{P.semContato}</p>
          )}
        </section>

        <section className="card cliente-section" aria-labelledby="cliente-contrato">
          <h2 id="cliente-contrato" className="section-title">
            {P.contrato}
          </h2>
          <dl className="card-fields">
            <Item term={P.valor} wide>
              <span className="money">{formatMoney(cliente.valorContrato)}</span>
            </Item>
            <Item term={P.inicio}>{inicioContrato ? formatData(inicioContrato) : CLIENTES_TEXTS.clientes.noValue}</Item>
            <Item term={P.fim}>{fimContrato ? formatData(fimContrato) : P.semFim}</Item>
            {fimContrato ? (
              <Item term={P.renovacao} wide>
                <span className="cliente-renewal">
                  {P.renovacaoTexto(daysBetween(todayIso(), fimContrato))} <RenewalBadge fim={fimContrato} />
                </span>
              </Item>
            ) : null}
          </dl>
        </section>

        <section className="card cliente-section cliente-section-wide" aria-labelledby="cliente-dados">
          <h2 id="cliente-dados" className="section-title">
            {P.dados}
          </h2>
          <dl className="card-fields">
            <Item term={CLIENTES_TEXTS.clientes.segmento}>{cliente.segmento || CLIENTES_TEXTS.clientes.noValue}</Item>
            <Item term={CLIENTES_TEXTS.clientes.pontoFocal}>{cliente.pontoFocal || CLIENTES_TEXTS.clientes.noValue}</Item>
            <Item term={CLIENTES_TEXTS.clientes.categoria} wide>
              {categoria ? (
                <Link className="tag" to={viewHref(paths.clientes, { categorias: [categoria.id] })} aria-label={P.verCategoria(categoria.descricao)}>
                  {categoria.descricao}
                </Link>
              ) : (
                <span className="tag tag-empty">{APP_TEXTS.common.noCategoria}</span>
              )}
            </Item>
            <Item term={P.observacoes} wide>
              {observacoes ? <span className="cliente-notes">{observacoes}</span> : <span className="card-meta">{P.semObservacoes}</span>}
            </Item>
          </dl>
        </section>

      </div>
      <Timeline cliente={cliente.id} recordPath={clientes.recordPath(cliente.id)} />
    </>
  );
}

/**
 * /clientes/:id (digits only; anything else is not a page): one client read-only, so a look never
 * risks an edit: contacts as links, the contract and its renewal, notes, category, who created
 * and changed it, its next tarefa, its tarefas and Histórico as one timeline (Nova tarefa,
 * Registrar interação), with Editar and Deletar.
 */
export default function ClientePage() {
  const { id } = useParams();
  const valid = id !== undefined && ID_PATTERN.test(id);
  const record = clientes.useRecord(valid ? id : undefined);
  if (!valid) return <NotFound />;
  let body;
  if (record.data) body = <Record cliente={record.data} />;
  else if (record.error instanceof ApiRequestError && record.error.status === 404)
    body = (
      <>
        <PageHeader title={P.loadingTitle} heading={P.loadingTitle} />
        <p className="form-alert" role="alert">
          {P.notFound}
        </p>
      </>
    );
  else if (record.error)
    body = (
      <>
        <PageHeader title={P.loadingTitle} heading={P.loadingTitle} />
        <LoadError message={P.loadError} onRetry={() => window.location.reload()} />
      </>
    );
  else body = <Spinner />;
  return (
    <div className="page page-narrow page-cliente">
      <BackLink />
      {body}
    </div>
  );
}
