/**
 * The Sobre nós page's texts, in Brazilian Portuguese. Beside app.ts: only that page's chunk
 * loads them.
 */
export const SOBRE_TEXTS = {
  about: {
    heading: 'Sobre nós',
    intro: 'Somos a equipe que desenvolve a Clientela. Fale com a gente!',
    photoAlt: (nome: string) => `Foto de ${nome}`,
    linkedin: (nome: string) => `LinkedIn de ${nome}`,
    github: (nome: string) => `GitHub de ${nome}`,
    linktree: (nome: string) => `Página de links de ${nome}`,
    linksLabel: (nome: string) => `Links de ${nome}`,
  },
} as const;
