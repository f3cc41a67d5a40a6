import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DirectoryOverview } from './components/directory-overview';
import { NicheCreatorsList } from './components/niche-creators-list';

/**
 * /directory (the two tabs) and /directory?niche=Food (the full, filtered, paginated list of one
 * niche, opened by "View all N creators"). Both are driven by the URL, so no extra route is needed.
 */
export default function DirectoryPage() {
  const [params] = useSearchParams();
  const niche = params.get('niche');

  useEffect(() => {
    if (!niche) document.title = 'Directory · Local Creators';
  }, [niche]);

  return niche ? <NicheCreatorsList niche={niche} /> : <DirectoryOverview />;
}
