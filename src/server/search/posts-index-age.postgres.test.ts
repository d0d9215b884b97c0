import { searchPostsAgeSuite } from '../../../tests/server/search-posts-age-suite';
import { suiteOnPostgres } from '../../../tests/server/suite-on';

suiteOnPostgres("The posts' search index without notifications", searchPostsAgeSuite);
