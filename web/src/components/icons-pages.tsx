/**
 * The icons only the pages beyond the home draw (lists, record pages, the agenda, the about
 * page): apart from icons.tsx, so the app shell's JavaScript does not carry them.
 */
import { circle, outline } from './icons.tsx';

export const SearchIcon = outline(circle(11, 11, 7), 'M20 20l-3.5-3.5');
export const EditIcon = outline('M4 20h4L19 9l-4-4L4 16v4z');
export const TrashIcon = outline('M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3');
export const FolderIcon = outline('M3 6.5A1.5 1.5 0 014.5 5H9l2 2.5h8.5A1.5 1.5 0 0121 9v9.5a1.5 1.5 0 01-1.5 1.5h-15A1.5 1.5 0 013 18.5v-12z');
export const LinkIcon = outline('M10 14a4 4 0 005.66 0l3-3a4 4 0 00-5.66-5.66l-1 1', 'M14 10a4 4 0 00-5.66 0l-3 3a4 4 0 005.66 5.66l1-1');
export const CalendarIcon = outline('M5 5h14a1 1 0 011 1v14a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z', 'M4 10h16M8 3v4M16 3v4');
