/** Baseline home page: static text. */
export default function Home() {
  return <h1>Início</h1>;
}
