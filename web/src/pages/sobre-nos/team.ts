/**
 * The development team shown on /sobre-nos: data only. Photos are local placeholder images
 * (no request leaves the site) until the company puts its own in `web/src/assets/team/`.
 */
import foto1 from '../../assets/team/membro-1.svg';
import foto2 from '../../assets/team/membro-2.svg';
import foto3 from '../../assets/team/membro-3.svg';
import foto4 from '../../assets/team/membro-4.svg';

export interface Membro {
  nome: string;
  papel: string;
  descricao: string;
  foto: string;
  linkedin: string;
  github: string;
  /** A link-aggregator page, for the members who have one. */
  linktree?: string;
}

export const equipe: readonly Membro[] = [
  {
    nome: 'Ana Beatriz Souza',
    papel: 'Desenvolvedora front-end',
    descricao: 'Cuida da interface e da acessibilidade, para que cada tela seja clara em qualquer dispositivo.',
    foto: foto1,
    linkedin: 'https://www.linkedin.com/in/ana-beatriz-souza',
    github: 'https://github.com/anabeatrizsouza',
    linktree: 'https://linktr.ee/anabeatrizsouza',
  },
  {
    nome: 'Carlos Eduardo Lima',
    papel: 'Desenvolvedor back-end',
    descricao: 'Projeta a API e o banco de dados, com foco em desempenho e integridade dos dados.',
    foto: foto2,
    linkedin: 'https://www.linkedin.com/in/carlos-eduardo-lima',
    github: 'https://github.com/carloseduardolima',
  },
  {
    nome: 'Juliana Martins',
    papel: 'Engenheira de nuvem',
    descricao: 'Automatiza a infraestrutura e mantém a Clientela segura, estável e no ar.',
    foto: foto3,
    linkedin: 'https://www.linkedin.com/in/juliana-martins',
    github: 'https://github.com/julianamartins',
  },
  {
    nome: 'Rafael Oliveira',
    papel: 'Designer de produto',
    descricao: 'Transforma as necessidades das empresas em fluxos simples e agradáveis de usar.',
    foto: foto4,
    linkedin: 'https://www.linkedin.com/in/rafael-oliveira',
    github: 'https://github.com/rafaeloliveira',
  },
];
