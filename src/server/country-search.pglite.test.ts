import { countrySearchSuite } from '../../tests/server/country-search-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Country and search', countrySearchSuite);
