import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { FORM_TEXTS } from '../texts/forms.ts';

/**
 * Asks before a form with typed changes is left: an in-app navigation (a menu link, Back) is held
 * by the data router and a dialog asks "Descartar as alterações?" (Descartar / Continuar editando);
 * a reload or a closed tab gets the browser's own question. `allow()` lets the next navigation
 * through without asking: after a submit, on the spec's redirects, on Cancelar.
 */
export function useLeaveGuard(dirty: boolean): { allow: () => void; prompt: React.ReactNode } {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      if (allowed.current) return;
      e.preventDefault();
      // Older browsers ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  const allow = useCallback(() => {
    allowed.current = true;
  }, []);
  const prompt = blocker.state === 'blocked' ? <DiscardDialog onDiscard={() => blocker.proceed()} onKeep={() => blocker.reset()} /> : null;
  return { allow, prompt };
}

/** The question, modal: focus on Continuar editando (the safe choice); Escape keeps editing. */
function DiscardDialog({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="leave-backdrop">
      <div
        className="card leave-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="leave-question"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onKeep();
        }}
      >
        <p id="leave-question" className="leave-question">
          {FORM_TEXTS.leave.question}
        </p>
        <div className="card-actions">
          <button type="button" className="btn btn-danger" onClick={onDiscard}>
            {FORM_TEXTS.leave.discard}
          </button>
          <button ref={keep} type="button" className="btn btn-primary" onClick={onKeep}>
            {FORM_TEXTS.leave.keep}
          </button>
        </div>
      </div>
    </div>
  );
}
