/**
 * Client ("produto") rules: joins with the categories, and writes that keep every category's
 * client count exact whatever the interleaving (TransactWriteItems conditioned on the client's
 * current category and on the categories existing).
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '../contract/messages.ts';
import type { CategoriaRef, Produto, ProdutoInput, Update } from '../contract/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.ts';
import { documentClient, tableName } from '../store/client.ts';
import type { ProdutoItem } from '../store/items.ts';
import { PRODUTO_PROJECTION, categoriaIdOf, categoriaKey, produtoKey, toProduto } from '../store/items.ts';
import { getItem, nextId, queryAll } from '../store/reads.ts';
import { PK } from '../store/table.ts';
import type { TransactItem } from '../store/transact.ts';
import { backoff, ConditionsFailed, transactWrite } from '../store/transact.ts';
import type { Created, IdempotencyClaim } from './idempotency.ts';
import { claimItem, replay } from './idempotency.ts';

/**
 * Read-then-write attempts when the client changed between the read and the conditional write
 * (another writer won); each retry waits a jittered backoff so racing writers spread out.
 */
export const WRITE_ATTEMPTS = 8;

const REF_PROJECTION = 'sk, descricao';
const toRef = (item: Record<string, unknown>): CategoriaRef => ({ id: Number(item.sk), descricao: String(item.descricao) });

/** The category as it is now, or undefined when it does not exist. */
async function readRef(id: number): Promise<CategoriaRef | undefined> {
  const item = await getItem(categoriaKey(id), REF_PROJECTION);
  return item && toRef(item);
}

/** Adds `delta` to a category's client count, only if the category exists. */
function countItem(categoriaId: number, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: categoriaKey(categoriaId),
      UpdateExpression: 'ADD produtos :d',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':d': delta },
    },
  };
}

/** Every client, sorted by id, each with its category as it is now (categories read once). */
export async function listProdutos(): Promise<Produto[]> {
  const readRefs = async () => new Map((await queryAll(PK.categoria, REF_PROJECTION)).map((c) => [Number(c.sk), toRef(c)]));
  const [refs, items] = await Promise.all([readRefs(), queryAll(PK.produto, PRODUTO_PROJECTION)]);
  let categorias = refs;
  // A category created after the parallel category read may already hold a client: read once more.
  if (items.some((i) => { const c = categoriaIdOf(i); return c !== null && !categorias.has(c); })) {
    categorias = await readRefs();
  }
  return items.map((i) => {
    const c = categoriaIdOf(i);
    return toProduto(i, c === null ? null : (categorias.get(c) ?? null));
  });
}

/** One client with its category embedded (404 when missing). */
export async function getProduto(id: number): Promise<Produto> {
  const item = await getItem(produtoKey(id), PRODUTO_PROJECTION);
  if (!item) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
  const c = categoriaIdOf(item);
  return toProduto(item, c === null ? null : ((await readRef(c)) ?? null));
}

/**
 * Creates a client with versao 1; with a category, its count goes up in the same transaction,
 * conditioned on the category existing (400 otherwise). An idempotency claim joins the same
 * transaction and replays the first response.
 */
export async function createProduto(input: ProdutoInput, claim?: IdempotencyClaim): Promise<Created<Produto>> {
  const { categoriaId, ...fields } = input;
  let ref: CategoriaRef | null = null;
  if (categoriaId !== null) {
    const found = await readRef(categoriaId);
    // Without a key, refuse before spending an id; with one, the transaction decides (it may replay).
    if (!found && !claim) throw new BadRequestError(MESSAGES.categoriaInexistente(categoriaId));
    ref = found ?? { id: categoriaId, descricao: '' };
  }
  const id = await nextId('produto');
  const item: ProdutoItem = {
    pk: PK.produto,
    sk: id,
    ...fields,
    ...(categoriaId !== null ? { categoriaId } : {}),
    versao: 1,
  };
  const created: Created<Produto> = { status: 201, body: toProduto(item, ref) };
  const put = { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
  const items: TransactItem[] = [{ Put: put }];
  const countAt = categoriaId !== null ? items.push(countItem(categoriaId, 1)) - 1 : -1;
  const claimAt = claim ? items.push(claimItem(claim, created)) - 1 : -1;
  if (items.length === 1) {
    await documentClient().send(new PutCommand(put));
    return created;
  }
  try {
    await transactWrite(items, claim ? MESSAGES.idempotenciaEmAndamento : MESSAGES.conflitoConcorrente);
  } catch (err) {
    if (err instanceof ConditionsFailed) {
      if (claim && err.failed(claimAt)) return replay<Produto>(claim, err.reasons[claimAt]?.item);
      if (categoriaId !== null && err.failed(countAt)) throw new BadRequestError(MESSAGES.categoriaInexistente(categoriaId));
    }
    throw err;
  }
  return created;
}

/** Condition on the client's category as read (none: the attribute is absent). */
function categoriaCondition(current: number | null): { expr: string; values: Record<string, unknown> } {
  return current === null
    ? { expr: 'attribute_not_exists(categoriaId)', values: {} }
    : { expr: 'categoriaId = :oldCat', values: { ':oldCat': current } };
}

function isConditionFailure(err: unknown): boolean {
  return err instanceof Error && err.name === 'ConditionalCheckFailedException';
}

/**
 * Replaces every editable field of a client (never creates). With `versao`, only while it is
 * current (409 otherwise). A move between categories adjusts both counts in one transaction;
 * a move within one category touches no count. If the client changed between the read and the
 * conditional write, it is read again and retried.
 */
export async function updateProduto(input: Update<ProdutoInput>): Promise<Produto> {
  const { id, versao, categoriaId: newCat, ...fields } = input;
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
    if (attempt > 1) await backoff(attempt - 1);
    const current = await getItem(produtoKey(id));
    if (!current) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
    if (versao !== undefined && current.versao !== versao) throw new ConflictError(MESSAGES.conflitoVersao);
    const oldCat = categoriaIdOf(current);
    const ref = newCat === null ? null : await readRef(newCat);
    if (ref === undefined) throw new BadRequestError(MESSAGES.categoriaInexistente(newCat!));
    const cond = categoriaCondition(oldCat);
    const values: Record<string, unknown> = {
      ':nome': fields.nome,
      ':segmento': fields.segmento,
      ':pontoFocal': fields.pontoFocal,
      ':valor': fields.valorContrato,
      ...cond.values,
      ...(newCat !== null ? { ':newCat': newCat } : {}),
    };
    const set = 'SET nome = :nome, segmento = :segmento, pontoFocal = :pontoFocal, valorContrato = :valor';
    const catUpdate = newCat !== null ? ', categoriaId = :newCat' : '';
    const remove = newCat === null ? ' REMOVE categoriaId' : '';

    if (oldCat === newCat) {
      // No count changes: one conditional UpdateItem, versao bumped atomically.
      try {
        const out = await documentClient().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: produtoKey(id),
            UpdateExpression: `${set}${catUpdate}${remove} ADD versao :one`,
            ConditionExpression: `attribute_exists(pk) AND ${cond.expr}${versao !== undefined ? ' AND versao = :v' : ''}`,
            ExpressionAttributeValues: { ...values, ':one': 1, ...(versao !== undefined ? { ':v': versao } : {}) },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toProduto(out.Attributes!, ref);
      } catch (err) {
        if (isConditionFailure(err)) continue;
        throw err;
      }
    }

    // A move: the client write is conditioned on the versao read (which covers its category),
    // the old count goes down and the new one up, all or nothing.
    const readVersao = Number(current.versao);
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName(),
          Key: produtoKey(id),
          UpdateExpression: `${set}${catUpdate}, versao = :next${remove}`,
          ConditionExpression: `attribute_exists(pk) AND ${cond.expr} AND versao = :read`,
          ExpressionAttributeValues: { ...values, ':next': readVersao + 1, ':read': readVersao },
        },
      },
    ];
    if (oldCat !== null) items.push(countItem(oldCat, -1));
    const newAt = newCat !== null ? items.push(countItem(newCat, 1)) - 1 : -1;
    try {
      await transactWrite(items);
    } catch (err) {
      if (!(err instanceof ConditionsFailed)) throw err;
      if (newCat !== null && err.failed(newAt)) throw new BadRequestError(MESSAGES.categoriaInexistente(newCat));
      if (err.failed(0)) continue;
      throw err;
    }
    return toProduto({ ...current, ...fields, versao: readVersao + 1 }, ref);
  }
  throw new ConflictError(MESSAGES.conflitoConcorrente);
}

/**
 * Deletes a client and, in the same transaction, lowers its category's count; conditioned on
 * the client being as read, re-read and retried otherwise.
 */
export async function removeProduto(id: number): Promise<void> {
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
    if (attempt > 1) await backoff(attempt - 1);
    const current = await getItem(produtoKey(id), 'sk, categoriaId, versao');
    if (!current) throw new NotFoundError(MESSAGES.produtoNaoEncontrado);
    const oldCat = categoriaIdOf(current);
    const cond = categoriaCondition(oldCat);
    const del = {
      TableName: tableName(),
      Key: produtoKey(id),
      ConditionExpression: `attribute_exists(pk) AND ${cond.expr}`,
      ...(oldCat !== null ? { ExpressionAttributeValues: cond.values } : {}),
    };
    try {
      if (oldCat === null) await documentClient().send(new DeleteCommand(del));
      else await transactWrite([{ Delete: del }, countItem(oldCat, -1)]);
      return;
    } catch (err) {
      if (isConditionFailure(err) || (err instanceof ConditionsFailed && err.failed(0))) continue;
      throw err;
    }
  }
  throw new ConflictError(MESSAGES.conflitoConcorrente);
}
