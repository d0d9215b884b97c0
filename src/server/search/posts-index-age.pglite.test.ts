import { searchPostsAgeSuite } from '../../../tests/server/search-posts-age-suite';
import { suiteOnPGlite } from '../../../tests/server/suite-on';

suiteOnPGlite("The posts' search index without notifications", searchPostsAgeSuite);
