/**
 * A stylised Connecticut for the maps simulator: the state outline, the sea around it, a few major roads
 * and the towns of the demo cameras and of the state's larger places. Coordinates are [lat, lon] and
 * deliberately approximate (a few hundred metres): enough for plausible tiles and addresses, not a survey.
 */

export type LatLon = readonly [lat: number, lon: number];

/**
 * Connecticut, clockwise from the north-west corner: the Massachusetts line, the Rhode Island line,
 * the coast, the New York line.
 */
export const CONNECTICUT_OUTLINE: readonly LatLon[] = [
  [42.049, -73.487],
  [42.035, -72.81],
  [41.997, -72.81],
  [42.004, -72.766],
  [42.03, -72.757],
  [42.024, -71.8],
  [41.72, -71.791],
  [41.42, -71.797],
  [41.33, -71.84],
  [41.315, -71.96],
  [41.31, -72.09],
  [41.27, -72.25],
  [41.27, -72.35],
  [41.26, -72.55],
  [41.255, -72.7],
  [41.245, -72.82],
  [41.255, -72.92],
  [41.21, -73.05],
  [41.15, -73.15],
  [41.11, -73.3],
  [41.06, -73.43],
  [41.02, -73.55],
  [40.99, -73.66],
  [41.1, -73.728],
  [41.21, -73.51],
  [41.67, -73.52],
];

/**
 * The sea: Long Island Sound, Block Island Sound and the Atlantic, from New York Harbor round to Cape
 * Cod (drawn under the land, so its inland edge only matters along the coasts).
 */
export const SEA: readonly LatLon[] = [
  [40.5, -74.26],
  [40.7, -74.02],
  [40.8, -73.93],
  [40.87, -73.78],
  // The Connecticut coast from Greenwich to the mouth of the Pawcatuck.
  ...CONNECTICUT_OUTLINE.slice(8, 23).reverse(),
  [41.37, -71.6],
  [41.43, -71.45],
  [41.6, -71.4],
  [41.5, -71.1],
  [41.55, -70.65],
  [41.75, -70.5],
  [41.78, -70.0],
  [42.1, -70.2],
  [42.3, -70.9],
  [42.6, -70.6],
  [43.5, -70.1],
  [43.5, -67.0],
  [36.5, -67.0],
  [36.5, -75.9],
  [38.5, -75.05],
  [38.9, -74.9],
  [39.4, -74.4],
  [40.0, -74.05],
];

/** Long Island, the far shore of the Sound (neighbouring land). */
export const LONG_ISLAND: readonly LatLon[] = [
  [40.8, -73.93],
  [40.88, -73.65],
  [40.91, -73.35],
  [40.96, -73.05],
  [40.98, -72.75],
  [41.03, -72.45],
  [41.16, -72.24],
  [41.07, -71.86],
  [40.95, -72.2],
  [40.85, -72.5],
  [40.75, -72.8],
  [40.63, -73.3],
  [40.58, -73.75],
  [40.57, -74.0],
  [40.65, -74.04],
];

export interface Road {
  /** As Nominatim names it in `address.road`. */
  name: string;
  /** A motorway (an interstate or a parkway) or a main road. */
  kind: "motorway" | "trunk";
  path: readonly LatLon[];
}

export const ROADS: readonly Road[] = [
  {
    name: "Interstate 95",
    kind: "motorway",
    path: [
      [41.0, -73.66],
      [41.05, -73.54],
      [41.1, -73.42],
      [41.13, -73.33],
      [41.15, -73.25],
      [41.18, -73.19],
      [41.19, -73.13],
      [41.22, -73.06],
      [41.27, -72.97],
      [41.3, -72.925],
      [41.285, -72.87],
      [41.283, -72.81],
      [41.29, -72.68],
      [41.29, -72.6],
      [41.283, -72.53],
      [41.29, -72.45],
      [41.3, -72.38],
      [41.32, -72.33],
      [41.36, -72.22],
      [41.355, -72.14],
      [41.36, -72.1],
      [41.35, -72.07],
      [41.36, -71.97],
      [41.42, -71.86],
      [41.45, -71.8],
    ],
  },
  {
    name: "Interstate 91",
    kind: "motorway",
    path: [
      [41.3, -72.925],
      [41.38, -72.86],
      [41.45, -72.82],
      [41.53, -72.79],
      [41.6, -72.67],
      [41.66, -72.66],
      [41.714, -72.652],
      [41.765, -72.668],
      [41.85, -72.64],
      [41.93, -72.63],
      [41.99, -72.59],
      [42.05, -72.58],
    ],
  },
  {
    name: "Interstate 84",
    kind: "motorway",
    path: [
      [41.42, -73.54],
      [41.4, -73.47],
      [41.41, -73.31],
      [41.48, -73.21],
      [41.55, -73.04],
      [41.62, -72.9],
      [41.67, -72.86],
      [41.72, -72.8],
      [41.768, -72.742],
      [41.768, -72.68],
      [41.77, -72.63],
      [41.78, -72.55],
      [41.83, -72.47],
      [41.87, -72.37],
      [41.9, -72.27],
      [42.01, -72.16],
      [42.03, -72.13],
    ],
  },
  {
    name: "Route 15",
    kind: "motorway",
    path: [
      [41.02, -73.66],
      [41.05, -73.62],
      [41.09, -73.55],
      [41.13, -73.47],
      [41.15, -73.4],
      [41.17, -73.33],
      [41.23, -73.2],
      [41.24, -73.13],
      [41.25, -73.08],
      [41.29, -73.02],
      [41.35, -72.96],
      [41.38, -72.9],
      [41.46, -72.84],
      [41.53, -72.8],
      [41.62, -72.75],
      [41.68, -72.71],
      [41.7, -72.67],
      [41.745, -72.68],
    ],
  },
  {
    name: "Route 2",
    kind: "trunk",
    path: [
      [41.765, -72.665],
      [41.755, -72.62],
      [41.723, -72.58],
      [41.63, -72.46],
      [41.58, -72.33],
      [41.53, -72.08],
      [41.51, -71.98],
      [41.46, -71.87],
    ],
  },
  {
    name: "Interstate 395",
    kind: "motorway",
    path: [
      [41.37, -72.18],
      [41.45, -72.14],
      [41.53, -72.09],
      [41.68, -71.92],
      [41.8, -71.89],
      [41.91, -71.9],
      [41.99, -71.87],
      [42.03, -71.86],
    ],
  },
];

/** The Connecticut River, drawn as water. */
export const CONNECTICUT_RIVER: readonly LatLon[] = [
  [42.05, -72.6],
  [41.99, -72.6],
  [41.85, -72.625],
  [41.77, -72.658],
  [41.71, -72.642],
  [41.66, -72.632],
  [41.56, -72.642],
  [41.47, -72.51],
  [41.45, -72.46],
  [41.35, -72.38],
  [41.275, -72.35],
];

export interface Town {
  name: string;
  /** Nominatim puts cities in `address.city`, towns in `address.town`. */
  kind: "city" | "town";
  lat: number;
  lon: number;
  county: string;
  postcode: string;
  /** 1: labelled from zoom 7, 2: from zoom 9, 3: from zoom 10. */
  rank: 1 | 2 | 3;
}

const town = (
  name: string,
  kind: Town["kind"],
  lat: number,
  lon: number,
  county: string,
  postcode: string,
  rank: Town["rank"],
): Town => ({ name, kind, lat, lon, county, postcode, rank });

/**
 * The demo cameras' towns (Hartford, New Haven, Wethersfield, Glastonbury, West Hartford) and the
 * larger places.
 */
export const TOWNS: readonly Town[] = [
  town("Hartford", "city", 41.7637, -72.6851, "Hartford County", "06103", 1),
  town("New Haven", "city", 41.3083, -72.9279, "New Haven County", "06510", 1),
  town("Bridgeport", "city", 41.1865, -73.1952, "Fairfield County", "06604", 1),
  town("Stamford", "city", 41.0534, -73.5387, "Fairfield County", "06901", 1),
  town("Waterbury", "city", 41.5582, -73.0515, "New Haven County", "06702", 1),
  town("Danbury", "city", 41.3948, -73.454, "Fairfield County", "06810", 1),
  town("New London", "city", 41.3557, -72.0995, "New London County", "06320", 1),
  town("Norwich", "city", 41.5243, -72.0759, "New London County", "06360", 1),
  town("Torrington", "city", 41.8007, -73.1212, "Litchfield County", "06790", 1),
  town("Wethersfield", "town", 41.7143, -72.6526, "Hartford County", "06109", 2),
  town("Glastonbury", "town", 41.7123, -72.6082, "Hartford County", "06033", 2),
  town("West Hartford", "town", 41.762, -72.742, "Hartford County", "06107", 2),
  town("East Hartford", "town", 41.7823, -72.6121, "Hartford County", "06108", 2),
  town("Norwalk", "city", 41.1177, -73.4082, "Fairfield County", "06850", 2),
  town("New Britain", "city", 41.6612, -72.7795, "Hartford County", "06051", 2),
  town("Meriden", "city", 41.5382, -72.807, "New Haven County", "06450", 2),
  town("Middletown", "city", 41.5623, -72.6506, "Middlesex County", "06457", 2),
  town("Bristol", "city", 41.6718, -72.9493, "Hartford County", "06010", 2),
  town("Manchester", "town", 41.7759, -72.5215, "Hartford County", "06040", 2),
  town("Enfield", "town", 41.9762, -72.5918, "Hartford County", "06082", 2),
  town("Milford", "city", 41.2223, -73.0565, "New Haven County", "06460", 2),
  town("Greenwich", "town", 41.0262, -73.6282, "Fairfield County", "06830", 2),
  town("Willimantic", "town", 41.7107, -72.2081, "Windham County", "06226", 2),
  town("Old Saybrook", "town", 41.2918, -72.3762, "Middlesex County", "06475", 2),
  town("Putnam", "town", 41.9151, -71.9092, "Windham County", "06260", 2),
  town("Stratford", "town", 41.1845, -73.1332, "Fairfield County", "06615", 3),
  town("Groton", "town", 41.3501, -72.0787, "New London County", "06340", 3),
  town("Westport", "town", 41.1415, -73.3579, "Fairfield County", "06880", 3),
  town("Hamden", "town", 41.3959, -72.8968, "New Haven County", "06514", 3),
  town("West Haven", "city", 41.2707, -72.947, "New Haven County", "06516", 3),
  town("East Haven", "town", 41.2762, -72.8684, "New Haven County", "06512", 3),
  town("Wallingford", "town", 41.457, -72.8231, "New Haven County", "06492", 3),
  town("Cheshire", "town", 41.4989, -72.9007, "New Haven County", "06410", 3),
  town("Southington", "town", 41.5965, -72.8776, "Hartford County", "06489", 3),
  town("Rocky Hill", "town", 41.6648, -72.6393, "Hartford County", "06067", 3),
  town("Newington", "town", 41.6979, -72.7237, "Hartford County", "06111", 3),
  town("Windsor", "town", 41.8526, -72.6437, "Hartford County", "06095", 3),
  town("Bloomfield", "town", 41.8265, -72.7301, "Hartford County", "06002", 3),
  town("Farmington", "town", 41.7198, -72.832, "Hartford County", "06032", 3),
  town("Simsbury", "town", 41.8759, -72.8012, "Hartford County", "06070", 3),
  town("Vernon", "town", 41.8187, -72.4795, "Tolland County", "06066", 3),
  town("Storrs", "town", 41.8084, -72.2495, "Tolland County", "06268", 3),
  town("Marlborough", "town", 41.6315, -72.4598, "Hartford County", "06447", 3),
  town("Colchester", "town", 41.5754, -72.3321, "New London County", "06415", 3),
  town("Litchfield", "town", 41.7473, -73.1887, "Litchfield County", "06759", 3),
  town("New Milford", "town", 41.577, -73.4085, "Litchfield County", "06776", 3),
  town("Branford", "town", 41.2795, -72.815, "New Haven County", "06405", 3),
  town("Guilford", "town", 41.2889, -72.6815, "New Haven County", "06437", 3),
  town("Mystic", "town", 41.3543, -71.9665, "New London County", "06355", 3),
];

/** Ordinary street names for points that are near no known road (chosen per ~300 m cell). */
export const STREET_NAMES: readonly string[] = [
  "Main Street",
  "Elm Street",
  "Church Street",
  "Maple Avenue",
  "Park Road",
  "Broad Street",
  "High Street",
  "Washington Street",
  "Prospect Avenue",
  "Oak Street",
  "Center Street",
  "Spring Street",
  "Pleasant Street",
  "Farmington Avenue",
  "Silas Deane Highway",
  "Franklin Avenue",
  "Wethersfield Avenue",
  "Whitney Avenue",
  "State Street",
  "Cedar Street",
  "Orchard Road",
  "Mill Street",
  "Hillside Avenue",
  "Chestnut Street",
];
