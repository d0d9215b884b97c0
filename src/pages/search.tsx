/** The site search's page in this language (src/features/search/SearchPage.tsx). */
import { SearchPage } from '@/features/search/SearchPage';

export default SearchPage;
