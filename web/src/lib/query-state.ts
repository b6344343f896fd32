import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The URL query as state: each change is a history entry (Back and Forward walk through views).
 * useLocation and useNavigate only: react-router's useSearchParams would add its code to the
 * initial JavaScript (the libraries share one chunk).
 */
export function useQueryState(): [URLSearchParams, (next: URLSearchParams) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams) => {
      const s = next.toString();
      void navigate({ search: s ? `?${s}` : '' });
    },
    [navigate],
  );
  return [params, set];
}
