import { ownersSuite } from '../../tests/server/owners-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Roles, owners and notices', ownersSuite);
