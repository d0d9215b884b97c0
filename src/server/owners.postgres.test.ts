import { ownersSuite } from '../../tests/server/owners-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Roles, owners and notices', ownersSuite);
