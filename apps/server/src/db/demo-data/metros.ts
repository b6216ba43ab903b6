/**
 * Three US metro areas for the demo directory, with a few ZIP codes each and their approximate centroids
 * (public Census ZCTA geography). Providers and members are scattered around these points.
 */
export type Metro = {
  name: string;
  state: string;
  city: string;
  areaCode: string;
  /** The county every one of its ZIPs lies in (5-digit FIPS), for the service gaps by county (issue #20). */
  countyFips: string;
  zips: { zip: string; lat: number; lng: number; county: string }[];
};

export const METROS: Metro[] = [
  {
    name: 'Los Angeles',
    state: 'CA',
    countyFips: '06037',
    city: 'Los Angeles',
    areaCode: '213',
    zips: [
      { zip: '90012', lat: 34.0614, lng: -118.2385, county: 'Los Angeles' },
      { zip: '90011', lat: 34.0073, lng: -118.2587, county: 'Los Angeles' },
      { zip: '90033', lat: 34.0505, lng: -118.2113, county: 'Los Angeles' },
      { zip: '90044', lat: 33.9527, lng: -118.292, county: 'Los Angeles' },
      { zip: '90026', lat: 34.0766, lng: -118.2646, county: 'Los Angeles' },
      { zip: '90804', lat: 33.7822, lng: -118.1489, county: 'Los Angeles' },
    ],
  },
  {
    name: 'Houston',
    state: 'TX',
    countyFips: '48201',
    city: 'Houston',
    areaCode: '713',
    zips: [
      { zip: '77002', lat: 29.756, lng: -95.3653, county: 'Harris' },
      { zip: '77004', lat: 29.7245, lng: -95.3637, county: 'Harris' },
      { zip: '77021', lat: 29.6955, lng: -95.3565, county: 'Harris' },
      { zip: '77036', lat: 29.6987, lng: -95.5401, county: 'Harris' },
      { zip: '77087', lat: 29.6874, lng: -95.301, county: 'Harris' },
    ],
  },
  {
    name: 'Chicago',
    state: 'IL',
    countyFips: '17031',
    city: 'Chicago',
    areaCode: '312',
    zips: [
      { zip: '60601', lat: 41.8858, lng: -87.6229, county: 'Cook' },
      { zip: '60608', lat: 41.849, lng: -87.6705, county: 'Cook' },
      { zip: '60612', lat: 41.8805, lng: -87.6873, county: 'Cook' },
      { zip: '60623', lat: 41.849, lng: -87.7178, county: 'Cook' },
      { zip: '60640', lat: 41.9719, lng: -87.6623, county: 'Cook' },
    ],
  },
];
