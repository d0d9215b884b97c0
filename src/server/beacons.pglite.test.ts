import { beaconSuite } from '../../tests/server/beacon-suite';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Beacons', beaconSuite);
