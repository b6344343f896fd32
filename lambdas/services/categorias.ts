/** Category rules: listing, reads, creation with an id from the counter, updates, safe deletes. */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Categoria, CategoriaInput, Update } from '../contract/types.ts';
import { MESSAGES } from '../contract/messages.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { documentClient, tableName } from '../store/client.ts';
import type { CategoriaItem } from '../store/items.ts';
import { CATEGORIA_PROJECTION, categoriaKey, decodeRaw, toCategoria } from '../store/items.ts';
import { getItem, nextId, queryAll } from '../store/reads.ts';
import { PK } from '../store/table.ts';
import { ConditionsFailed, transactWrite } from '../store/transact.ts';
import type { Created, IdempotencyClaim } from './idempotency.ts';
import { claimItem, replay } from './idempotency.ts';

/** Every category, sorted by id. */
export async function listCategorias(): Promise<Categoria[]> {
  return (await queryAll(PK.categoria, CATEGORIA_PROJECTION)).map(toCategoria);
}

/** One category (404 when missing). */
export async function getCategoria(id: number): Promise<Categoria> {
  const item = await getItem(categoriaKey(id), CATEGORIA_PROJECTION);
  if (!item) throw new NotFoundError(MESSAGES.categoriaNaoEncontrada);
  return toCategoria(item);
}

/**
 * Creates a category with count 0 and versao 1. With an idempotency claim, the claim is written
 * in the same transaction; a live claim replays its first response (or 422 for another body).
 */
export async function createCategoria(input: CategoriaInput, claim?: IdempotencyClaim): Promise<Created<Categoria>> {
  const id = await nextId('categoria');
  const item: CategoriaItem = { ...categoriaKey(id), pk: PK.categoria, descricao: input.descricao, produtos: 0, versao: 1 };
  const created: Created<Categoria> = { status: 201, body: toCategoria(item) };
  const put = { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' };
  if (!claim) {
    await documentClient().send(new PutCommand(put));
    return created;
  }
  try {
    await transactWrite([{ Put: put }, claimItem(claim, created)], MESSAGES.idempotenciaEmAndamento);
  } catch (err) {
    if (err instanceof ConditionsFailed && err.failed(1)) return replay<Categoria>(claim, err.reasons[1]?.item);
    throw err;
  }
  return created;
}

/**
 * Renames a category and bumps its versao; never creates. With `versao`, only when it is still
 * current (409 otherwise); without, last writer wins.
 */
export async function updateCategoria(input: Update<CategoriaInput>): Promise<Categoria> {
  const withVersao = input.versao !== undefined;
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: categoriaKey(input.id),
        UpdateExpression: 'SET descricao = :d ADD versao :one',
        ConditionExpression: withVersao ? 'attribute_exists(pk) AND versao = :v' : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':d': input.descricao, ':one': 1, ...(withVersao ? { ':v': input.versao } : {}) },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return toCategoria(out.Attributes!);
  } catch (err) {
    if (err instanceof Error && err.name === 'ConditionalCheckFailedException') {
      const old = decodeRaw((err as { Item?: Record<string, unknown> }).Item);
      if (!old) throw new NotFoundError(MESSAGES.categoriaNaoEncontrada);
      throw new ConflictError(MESSAGES.conflitoVersao);
    }
    throw err;
  }
}

/** Deletes a category only while no client uses it (409), 404 when missing. */
export async function removeCategoria(id: number): Promise<void> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: categoriaKey(id),
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(produtos) OR produtos = :zero)',
        ExpressionAttributeValues: { ':zero': 0 },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
  } catch (err) {
    if (err instanceof Error && err.name === 'ConditionalCheckFailedException') {
      const old = decodeRaw((err as { Item?: Record<string, unknown> }).Item);
      if (!old) throw new NotFoundError(MESSAGES.categoriaNaoEncontrada);
      throw new ConflictError(MESSAGES.categoriaComClientes);
    }
    throw err;
  }
}
