/**
 * The global activity feed: one item per history entry, `ATIVIDADE` / time in ms × 1000 + a
 * random 0–999, written with the entry and expiring by TTL. Read newest first, so the
 * home's "Atualizações recentes" costs one small Query whatever the size of the table.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Atividade } from '../contract/types.ts';
import { defaultDb } from './client.ts';
import type { Stored } from './items.ts';
import { PARTITION_KEYS, TTL_ATTRIBUTE } from './table.ts';

const TIPOS: readonly Atividade['tipo'][] = ['produto', 'categoria'];
const ACOES: readonly Atividade['acao'][] = ['criado', 'alterado', 'excluido', 'restaurado'];

/** A feed item as the API returns it; `alteracoes` names the changed fields (values never). */
function toAtividade(item: Stored): Atividade | undefined {
  const tipo = TIPOS.find((t) => t === item.tipo);
  const acao = ACOES.find((a) => a === item.acao);
  if (!tipo || !acao) return undefined;
  const campos = Array.isArray(item.alteracoes)
    ? item.alteracoes.map((a: unknown) => (a && typeof a === 'object' ? String((a as { campo?: unknown }).campo ?? '') : String(a))).filter(Boolean)
    : [];
  return {
    tipo,
    id: Number(item.id),
    nome: String(item.nome ?? ''),
    acao,
    em: String(item.em ?? ''),
    por: String(item.por ?? ''),
    ...(campos.length > 0 ? { alteracoes: campos } : {}),
  };
}

/**
 * The newest `limit` entries of the feed, newest first. Expired entries (TTL deletes them late)
 * read as absent; pages are followed until `limit` live entries are found.
 */
export async function recentActivity(limit: number, nowMs = Date.now()): Promise<Atividade[]> {
  const { doc, tableName } = defaultDb();
  const out: Atividade[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'attribute_not_exists(#exp) OR #exp > :now',
        ProjectionExpression: 'tipo, id, nome, acao, em, por, alteracoes',
        ExpressionAttributeNames: { '#exp': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':pk': PARTITION_KEYS.atividade, ':now': Math.floor(nowMs / 1000) },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: limit,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const a = toAtividade(item);
      if (a && out.length < limit) out.push(a);
    }
    start = out.length < limit ? page.LastEvaluatedKey : undefined;
  } while (start);
  return out;
}
