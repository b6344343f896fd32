import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { clientelaLocalApi } from './infra/local/vite-plugin.ts';
import { VITE_HOST, vitePort } from './infra/local/vite-ports.ts';
import { prerenderPlugin } from './web/prerender.ts';
import { webAliases } from './web/aliases.ts';

// The web app lives in web/ and knows nothing of how it is served: the local API (the Lambda
// handlers on DynamoDB Local) is mounted at /api by the plugin, on the same origin.
export default defineConfig(({ isPreview }) => ({
  root: 'web',
  plugins: [react(), clientelaLocalApi(), prerenderPlugin()],
  resolve: { alias: webAliases },
  // Preview answers as CloudFront does: the plugin runs the cloud's SPA rewrite, so Vite's own
  // HTML fallback is off there (a missing /assets file is a 404, not the app shell).
  appType: isPreview ? 'mpa' : 'spa',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports (ES2022 modules) has modulepreload: the polyfill is dead weight in the entry.
    modulePreload: { polyfill: false },
    // The libraries in one chunk of their own: left to itself, Rolldown cuts them by which lazy
    // pages share them (an extra chunk and ~1 KB more initial JS), and a deploy that changes only
    // the app leaves this chunk cached. The QR code library, papaparse and react-hot-toast (with
    // goober, its CSS-in-JS) stay out: only the TOTP pages, the CSV import worker and the first
    // toast load them; so does swr/infinite, which only the paged lists (Lixeira, Histórico,
    // Importações) use. The app's small modules shared by the home and the lists ('comum'), by
    // the list pages and the tarefas' lines ('listas'), and by the record pages beyond the client
    // list ('paginas': their hooks and dates) go in one chunk each: a file apiece cost a request
    // and its own gzip overhead (/clientes fetched 18 files, 7 of them under 300 B).
    rolldownOptions: {
      output: { advancedChunks: { groups: [{ name: 'vendor', test: /node_modules[\\/](?!uqr[\\/]|papaparse[\\/]|react-hot-toast[\\/]|goober[\\/]|swr[\\/]dist[\\/]infinite[\\/])/ }, { name: 'comum', includeDependenciesRecursively: false, test: /(web[\\/]src[\\/](lib[\\/](resources|resource|format|clientes-url|renovacoes)|api[\\/](clientes|records|carteira|categorias)|texts[\\/](campos|renovacoes))|lambdas[\\/]contract[\\/](business|formatos|tarefa))\.tsx?$/ }, { name: 'listas', includeDependenciesRecursively: false, test: /(web[\\/]src[\\/](components[\\/](SearchForm|UndoBar|ProgressiveGrid|States|CardActions|PageHeader|ResultStatus|ExportButton|undo-state|icons-pages)|texts[\\/](listas|clientes|proxima)|lib[\\/](paging|list-return|agenda|zoned|query-state|sort-key)))\.tsx?$/ }, { name: 'paginas', includeDependenciesRecursively: false, test: /web[\\/]src[\\/]lib[\\/](hooks|format-date)\.tsx?$/ }, { name: 'sessao', includeDependenciesRecursively: false, test: /web[\\/]src[\\/](lib[\\/](session-tokens|token-store)|api[\\/]cognito-client)\.tsx?$/ }] } },
      // The contract's modules only declare (no side effects): a page takes only what it uses, so
      // the card's formatters don't bring the forms' CPF/CNPJ, phone and date readers along.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]lambdas[\\/]contract[\\/]/.test(id) },
      // A build on a busy machine would warn that plugins took long: noise in the commands'
      // output (whose lines tests read), not a finding about the code.
      checks: { bundlerTimings: false },
    },
  },
  // The CSV import's worker is a module worker of its own origin (the CSP forbids blob: workers).
  worker: { format: 'es' },
  server: { port: vitePort('start'), strictPort: true, host: VITE_HOST },
  preview: { port: vitePort('preview'), strictPort: true, host: VITE_HOST },
}));
