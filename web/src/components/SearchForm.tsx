import { useId, useState, type FormEvent } from 'react';
import { T } from '../texts.ts';
import { SearchIcon } from './icons.tsx';

/** A labelled filter field with 'Buscar': applied on submit (button or Enter), never on typing. */
export function SearchForm({ label, placeholder, onSearch }: { label: string; placeholder: string; onSearch: (query: string) => void }) {
  const [value, setValue] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value);
  };
  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="search-row">
        <div className="search-input">
          <SearchIcon size={18} className="search-input-icon" />
          <input id={id} type="search" value={value} placeholder={placeholder} autoComplete="off" onChange={(e) => setValue(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary">
          {T.common.buscar}
        </button>
      </div>
    </form>
  );
}
