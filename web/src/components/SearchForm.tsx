import { useId, type FormEvent } from 'react';
import type { FilterField } from '../lib/filter.ts';
import { APP_TEXTS } from '../texts/app.ts';
import { SearchIcon } from './icons-pages.tsx';

/** A labelled filter field with 'Buscar': applied on submit (button or Enter), never on typing. */
export function SearchForm({ label, placeholder, filter: { draft, setDraft, apply, inputRef } }: { label: string; placeholder: string; filter: FilterField }) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply();
  };
  return (
    <form className="card search-form" role="search" onSubmit={submit}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="search-row">
        <div className="search-input">
          <SearchIcon size={18} className="search-input-icon" />
          <input
            ref={inputRef}
            id={id}
            type="search"
            value={draft}
            placeholder={placeholder}
            autoComplete="off"
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {APP_TEXTS.common.search}
        </button>
      </div>
    </form>
  );
}
