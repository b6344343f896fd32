import { UsersIcon } from '../../../components/icons.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { paths } from '../../../paths.ts';
import { AUTH_TEXTS } from '../../../texts/auth.ts';
import { useUsuarios, type Usuario } from '../hooks.ts';
import { UsuarioCard } from '../components/UsuarioCard.tsx';

const emailOf = (u: Usuario) => u.email;
const renderCard = (u: Usuario) => <UsuarioCard usuario={u} />;

/** /usuarios (administrators: RequireAdmin): the company's users, filtered by e-mail, each with its actions. */
export default function Usuarios() {
  const list = useUsuarios();
  return <ListPage title={AUTH_TEXTS.titles.usuarios} texts={AUTH_TEXTS.usuarios} createTo={paths.convidarUsuario} list={list} textOf={emailOf} getKey={emailOf} renderItem={renderCard} emptyIcon={<UsersIcon size={32} />} gridLabel={AUTH_TEXTS.usuarios.heading} />;
}
