import useSWR from 'swr';

/** Baseline list page: the one useSWR hook. */
export default function Clientes() {
  const { data } = useSWR<{ id: number; nome: string }[]>('/api/produtos');
  return (
    <>
      <h1>Clientes</h1>
      <ul>{data?.slice(0, 10).map((p) => <li key={p.id}>{p.nome}</li>)}</ul>
    </>
  );
}
