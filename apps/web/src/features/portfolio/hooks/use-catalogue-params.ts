import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { catalogueFromParams, paramsFromCatalogue, type CatalogueParams } from '../utils/catalogue-params';

/**
 * /portfolio's search, sort and filters, read from and written to the URL. Changes replace the history
 * entry: Back leaves the page instead of stepping through every keystroke.
 */
export function useCatalogueParams() {
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => catalogueFromParams(params), [params]);
  const update = useCallback(
    (patch: Partial<CatalogueParams>) =>
      setParams((current) => paramsFromCatalogue({ ...catalogueFromParams(current), ...patch }), {
        replace: true,
      }),
    [setParams],
  );
  return { applied, update };
}
