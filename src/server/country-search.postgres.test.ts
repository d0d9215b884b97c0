import { countrySearchSuite } from '../../tests/server/country-search-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Country and search', countrySearchSuite);
