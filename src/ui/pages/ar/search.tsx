/** The site search's page in this language (src/ui/features/search/SearchPage.tsx). */
import { SearchPage } from '@/ui/features/search/SearchPage';

export default SearchPage;
