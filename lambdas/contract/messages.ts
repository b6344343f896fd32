import { LIMITS } from './limits.ts';

/** `100000000` → `100.000.000,00` (pt-BR, without Intl: building it costs a Lambda's cold start ICU data). */
const reais = (v: number): string => `${String(Math.trunc(v)).replace(/\B(?=(\d{3})+$)/g, '.')},${(Math.round(v * 100) % 100).toString().padStart(2, '0')}`;

/** Every message the API returns in `{ "mensagem": ... }`: one place, Portuguese. */
export const MESSAGES = {
  /** The contract value's limit: the same words in the form, the import and the API. */
  valorContratoMaximo: `O valor do contrato deve ser no máximo R$ ${reais(LIMITS.valorContrato.max)}.`,
  jsonInvalido: 'O corpo da requisição não é um JSON válido.',
  corpoNaoObjeto: 'O corpo da requisição deve ser um objeto JSON.',
  corpoAusente: 'O corpo da requisição é obrigatório.',
  corpoGrande: (maxBytes: number) => `O corpo da requisição excede o limite de ${maxBytes / 1024} KB.`,
  corpoAninhado: (maxDepth: number) =>
    `O corpo da requisição tem aninhamento demais: no máximo ${maxDepth} níveis de objetos e listas.`,
  tipoConteudo: "O conteúdo deve ser enviado como 'application/json' em UTF-8.",
  corpoNaoUtf8: 'O corpo da requisição não está codificado em UTF-8 válido.',
  respostaGrande: 'A resposta excede o tamanho máximo permitido. Tente novamente mais tarde.',
  idInvalido: 'O id informado é inválido: use um número inteiro positivo.',
  rotaNaoEncontrada: 'Rota não encontrada.',
  metodoNaoPermitido: (method: string, allowed: readonly string[]) =>
    `O método ${method} não é permitido nesta rota. Métodos aceitos: ${allowed.join(', ')}.`,
  categoriaNaoEncontrada: 'Categoria não encontrada.',
  produtoNaoEncontrado: 'Produto não encontrado.',
  categoriaInexistente: (id: number) => `A categoria ${id} não existe.`,
  categoriaComClientes: 'A categoria possui clientes vinculados.',
  categoriaDuplicada: (descricao: string) => `Já existe uma categoria chamada “${descricao}”.`,
  descricaoControleBidi: 'A descrição não pode ter caracteres que invertem a direção do texto.',
  descricaoSemLetraOuNumero: 'A descrição precisa de pelo menos uma letra ou um número.',
  conflitoVersao: 'Este registro foi alterado por outra pessoa. Recarregue e tente de novo.',
  conflitoConcorrente: 'O registro está sendo alterado por outra requisição. Tente de novo.',
  idempotenciaCorpoDiferente:
    "A chave 'Idempotency-Key' já foi usada com outro corpo de requisição.",
  idempotenciaEmAndamento:
    "Uma requisição com esta 'Idempotency-Key' ainda está em andamento. Tente de novo.",
  idempotenciaChaveObrigatoria: "Envie este pedido com uma 'Idempotency-Key' (a mesma ao repeti-lo).",
  idempotenciaChaveInvalida: (max: number) =>
    `A 'Idempotency-Key' deve ter de 1 a ${max} caracteres visíveis.`,
  // History and trash
  limiteInvalido: (max: number) => `O parâmetro 'limit' deve ser um número inteiro de 1 a ${max}.`,
  cursorInvalido: "O parâmetro 'cursor' é inválido: use o valor de 'cursor' da página anterior.",
  tipoInvalido: "O tipo deve ser 'produto', 'categoria' ou 'tarefa'.",
  // The paged client list (GET /produtos/pagina)
  listaGrande: (pagina: string) =>
    `A lista completa de clientes é grande demais para uma única resposta. Use ${pagina}, que entrega a lista página por página.`,
  parametroInvalido: (nome: string, aceitos: string) => `O parâmetro '${nome}' é inválido: use ${aceitos}.`,
  buscaComVencimento: "A busca ('q') não se combina com o período de fim do contrato ('fimDe', 'fimAte').",
  proximaComBusca:
    "A ordem pela próxima tarefa e o filtro 'semProximaTarefa' não se combinam com a busca ('q') nem com o período de fim do contrato ('fimDe', 'fimAte').",
  indicesEmPreparo: (feitos: number, total: number) =>
    `A lista de clientes está sendo preparada (${feitos} de ${total} clientes). Aguarde alguns instantes e tente de novo.`,
  naoEstaNaLixeira: 'Registro não encontrado na lixeira.',
  somenteAdministradoresExcluir: 'Somente administradores podem excluir registros definitivamente.',
  restauradoSemCategoria: (descricao?: string) =>
    descricao === undefined
      ? 'O cliente voltou sem categoria: a categoria dele não existe mais.'
      : `O cliente voltou sem categoria: a categoria “${descricao}” está na lixeira.`,
  origemNaoAutorizada: 'Acesso não autorizado: use o endereço do site.',
  /** 403 at the edge (CloudFront Function) when the company limits access to its networks (`allowedCidrs`). */
  redeNaoPermitida: 'Acesso permitido somente a partir da rede da empresa.',
  // Sign-in (401/403) and the users API
  sessaoInvalida: 'Sua sessão não é válida. Entre novamente.',
  tokenNaoDeAcesso: 'Envie o token de acesso da sessão (access token), não o token de identidade.',
  somenteAdministradores: 'Somente administradores podem gerenciar usuários.',
  administradorSemTotp:
    'Administradores precisam da verificação em duas etapas: ative o aplicativo autenticador em Minha conta e tente de novo.',
  loginDesativado: 'O login está desativado.',
  /** The public calendar feed: a wrong, revoked or replaced secret (nothing says which). */
  calendarioNaoEncontrado: 'Calendário não encontrado: gere um novo endereço em Minha conta.',
  usuarioNaoEncontrado: 'Usuário não encontrado.',
  usuarioJaExiste: (email: string) => `Já existe um usuário com o e-mail ${email}.`,
  emailInvalido: 'Informe um e-mail válido.',
  proprioAdmin: 'Você não pode remover o seu próprio papel de administrador.',
  proprioDesativar: 'Você não pode desativar o seu próprio usuário.',
  proprioExcluir: 'Você não pode excluir o seu próprio usuário.',
  proprioAtivar: 'Você não pode ativar o seu próprio usuário: peça a outro administrador.',
  proprioPromover: 'Você não pode tornar o seu próprio usuário administrador: peça a outro administrador.',
  proprioAutenticador: 'Para trocar o seu próprio aplicativo autenticador, use Minha conta.',
  proprioConvite: 'Você não pode convidar o seu próprio e-mail: peça a outro administrador.',
  conviteJaAceito: 'Este usuário já definiu a senha: o convite não pode ser reenviado. Use “Redefinir senha”.',
  senhaNaoRedefinivel: 'A senha deste usuário não pode ser redefinida agora: reenvie o convite se ele ainda não entrou, ou ative-o antes.',
  servicoIndisponivel: 'O serviço está sobrecarregado. Tente novamente em instantes.',
  erroInterno: 'Erro interno do servidor. Tente novamente mais tarde.',
  // CSV import
  importacaoNaoEncontrada: 'Importação não encontrada.',
  importacaoAlemDoTotal: (total: number) => `Este lote passa do total de ${total} linhas informado ao iniciar a importação.`,
  importacaoSomenteAutor: 'Somente quem fez a importação ou um administrador pode desfazê-la.',
  importacaoPrazoEncerrado: (dias: number) => `Esta importação tem mais de ${dias} dias e não pode mais ser desfeita.`,
  importacaoLinhaRepetida: (linha: number) => `A linha ${linha} aparece mais de uma vez no lote.`,
  importacaoDesfeita: 'Esta importação foi desfeita: ela não recebe mais linhas.',
  importacaoNaoDesfeita: 'Só uma importação desfeita pode ser restaurada.',
  importacaoConcluida: 'Esta importação já foi concluída: ela não recebe mais linhas.',
  importacaoLoteVazio: "Envie ao menos uma linha (um lote vazio só serve para concluir a importação, com 'fim': true).",
  importacaoLinhaFalhou: 'Não foi possível gravar esta linha. Tente de novo.',
  // Field validation
  campoObrigatorio: (campo: string) => `O campo '${campo}' é obrigatório.`,
  campoTexto: (campo: string) => `O campo '${campo}' deve ser um texto.`,
  campoVazio: (campo: string) => `O campo '${campo}' não pode ficar em branco.`,
  campoTextoInvalido: (campo: string) =>
    `O campo '${campo}' contém caracteres inválidos (de controle ou Unicode malformado).`,
  campoLongo: (campo: string, max: number) =>
    `O campo '${campo}' deve ter no máximo ${max} caracteres.`,
  campoNumero: (campo: string) => `O campo '${campo}' deve ser um número.`,
  campoInteiro: (campo: string) => `O campo '${campo}' deve ser um número inteiro positivo.`,
  campoMinimo: (campo: string, min: number) => `O campo '${campo}' deve ser no mínimo ${min}.`,
  campoMaximo: (campo: string, max: string) => `O campo '${campo}' deve ser no máximo ${max}.`,
  campoDecimais: (campo: string, decimals: number) =>
    `O campo '${campo}' aceita no máximo ${decimals} casas decimais.`,
  campoObjeto: (campo: string) => `O campo '${campo}' deve ser um objeto com 'id' ou null.`,
  campoLista: (campo: string) => `O campo '${campo}' deve ser uma lista de textos.`,
  campoListaLonga: (campo: string, max: number) => `O campo '${campo}' aceita no máximo ${max} itens por pedido.`,
  campoBooleano: (campo: string) => `O campo '${campo}' deve ser true ou false.`,
  importacaoAssinatura: (campo: string) => `O campo '${campo}' deve ser o SHA-256 do arquivo: 64 dígitos hexadecimais em minúsculas.`,
  // The client record's contact and contract fields
  campoEmail: (campo: string) => `O campo '${campo}' deve ser um e-mail válido, como contato@empresa.com.br.`,
  campoTelefone: (campo: string) =>
    `O campo '${campo}' deve ser um telefone brasileiro com DDD, como (11) 98765-4321 ou (11) 3456-7890.`,
  campoTelefoneDdd: (campo: string, ddd: string) => `O campo '${campo}' tem um DDD que não existe no Brasil: ${ddd}.`,
  campoDocumento: (campo: string) =>
    `O campo '${campo}' deve ser um CPF (11 dígitos) ou um CNPJ (14 caracteres), com ou sem pontuação.`,
  campoCpf: (campo: string) => `O campo '${campo}' não é um CPF válido: confira os dígitos.`,
  campoCnpj: (campo: string) => `O campo '${campo}' não é um CNPJ válido: confira os dígitos.`,
  /** `exemplo`: a date as the sender writes it (`2026-12-31` to the API, `31/12/2026` in the web). */
  campoData: (campo: string, exemplo: string) => `O campo '${campo}' deve ser uma data válida, como ${exemplo}.`,
  campoDataFaixa: (campo: string, de: string, ate: string) => `O campo '${campo}' deve ser uma data entre ${de} e ${ate}.`,
  fimAntesDoInicio: (fim: string, inicio: string) => `O campo '${fim}' não pode ser anterior ao campo '${inicio}'.`,
  /** `documento` formatted (`12.345.678/0001-95`); `nome`: the client that has it. */
  documentoDuplicado: (documento: string, nome: string) => `O documento ${documento} já está cadastrado para o cliente “${nome}”.`,
  // Tarefas (follow-ups on a client)
  tarefaNaoEncontrada: 'Tarefa não encontrada.',
  tarefaTipo: (campo: string, aceitos: readonly string[]) => `O campo '${campo}' deve ser um destes tipos: ${aceitos.join(', ')}.`,
  tarefaQuando: (campo: string) =>
    `O campo '${campo}' deve ser uma data e hora ISO 8601 com fuso, como 2026-11-27T10:00:00-03:00, entre os anos 1900 e 2199.`,
  tarefaClienteInexistente: (id: number) => `O cliente ${id} não existe.`,
  tarefaClienteFixo: 'Uma tarefa não muda de cliente: crie outra tarefa no outro cliente.',
  tarefaResponsavelInvalido: (email: string) => `“${email}” não é um usuário ativo da equipe: escolha um responsável da lista.`,
  tarefaSomenteResponsavel: 'Somente o responsável pela tarefa ou um administrador pode reatribuí-la ou excluí-la.',
  tarefaPeriodo: "O parâmetro 'desde' não pode ser posterior ao parâmetro 'ate'.",
  tarefaSemResponsavelModoAberto: "O filtro 'semResponsavelAtivo' só existe com o acesso por login: sem ele, o responsável é um texto livre.",
  tarefaSemResponsavelCombinado: "O filtro 'semResponsavelAtivo' lista tarefas pendentes da equipe: não se combina com 'cliente', 'responsavel' nem 'status=concluida'.",
} as const;
