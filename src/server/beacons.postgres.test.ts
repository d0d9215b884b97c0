import { beaconSuite } from '../../tests/server/beacon-suite';
import { suiteOnPostgres } from '../../tests/server/suite-on';

suiteOnPostgres('Beacons', beaconSuite);
