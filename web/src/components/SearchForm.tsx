import { useId, type FormEvent, type Ref } from 'react';
import { T } from '../texts.ts';
import { SearchIcon } from './icons.tsx';

/** A labelled filter field with 'Buscar': applied on submit (button or Enter), never on typing. */
export function SearchForm({
  label,
  placeholder,
  value,
  onChange,
  onSearch,
  inputRef,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="search-row">
        <div className="search-input">
          <SearchIcon size={18} className="search-input-icon" />
          <input ref={inputRef} id={id} type="search" value={value} placeholder={placeholder} autoComplete="off" onChange={(e) => onChange(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary">
          {T.common.buscar}
        </button>
      </div>
    </form>
  );
}
