/**
 * The plan of the demo listings: which properties exist (zone, type, operation, development
 * unit, a few flags) and the 2026 market ranges their numbers are drawn from. generate.mjs turns
 * each row into a full Property with a seeded random source, so the catalogue is reproducible.
 *
 * Ranges are approximate asking prices in Cancún at the end of 2026; rents are monthly.
 */

/**
 * Per zone and property type: size ranges (m2 = construction, lot = land), bedrooms, and the price
 * range per operation and currency. A listing picks one position in the range and uses it for
 * both size and price, so larger homes cost more.
 */
export const RANGES = {
  huayacan: {
    casa: { m2: [140, 300], lot: [144, 360], bedrooms: [3, 4], venta: { MXN: [3.2e6, 7.5e6] }, preventa: { MXN: [2.9e6, 5.6e6] }, renta: { MXN: [18000, 38000] } },
    departamento: { m2: [72, 110], bedrooms: [2, 3], venta: { MXN: [2.3e6, 3.9e6] }, renta: { MXN: [14000, 22000] } },
    terreno: { lot: [180, 420], venta: { MXN: [1.2e6, 3.4e6] } },
    local: { m2: [60, 140], renta: { MXN: [25000, 55000] } },
  },
  'puerto-cancun': {
    casa: { m2: [480, 820], lot: [600, 1100], bedrooms: [4, 5], venta: { MXN: [28e6, 48e6], USD: [1.4e6, 2.4e6] }, renta: { USD: [4500, 6000] } },
    departamento: { m2: [120, 260], bedrooms: [2, 3], venta: { MXN: [8e6, 22e6], USD: [450000, 1.2e6] }, renta: { MXN: [35000, 45000], USD: [2800, 5500] } },
    oficina: { m2: [120, 240], renta: { MXN: [65000, 115000] } },
  },
  'zona-hotelera': {
    casa: { m2: [380, 600], lot: [450, 800], bedrooms: [4, 5], venta: { USD: [1.1e6, 1.8e6] } },
    departamento: { m2: [85, 220], bedrooms: [1, 3], venta: { USD: [300000, 1.3e6], MXN: [5.5e6, 8.5e6] }, renta: { MXN: [28000, 45000], USD: [2500, 4500] } },
    local: { m2: [80, 180], renta: { MXN: [60000, 120000] } },
  },
  centro: {
    casa: { m2: [130, 220], lot: [160, 250], bedrooms: [3, 4], venta: { MXN: [2.6e6, 4.5e6] }, renta: { MXN: [18000, 26000] } },
    departamento: { m2: [55, 100], bedrooms: [1, 3], venta: { MXN: [1.8e6, 3.5e6] }, renta: { MXN: [14000, 22000] } },
    local: { m2: [60, 180], venta: { MXN: [3.5e6, 6.5e6] }, renta: { MXN: [25000, 60000] } },
    oficina: { m2: [45, 120], venta: { MXN: [2.8e6, 5e6] }, renta: { MXN: [25000, 45000] } },
    bodega: { m2: [350, 900], lot: [450, 1100], renta: { MXN: [38000, 80000] } },
  },
  'poligono-sur': {
    casa: { m2: [140, 260], lot: [140, 300], bedrooms: [3, 4], venta: { MXN: [3.4e6, 6.2e6] }, renta: { MXN: [20000, 35000] } },
    departamento: { m2: [70, 100], bedrooms: [2, 3], venta: { MXN: [2.5e6, 3.8e6] }, renta: { MXN: [15000, 22000] } },
    terreno: { lot: [200, 350], venta: { MXN: [2.2e6, 3.6e6] } },
    bodega: { m2: [600, 1200], lot: [900, 1800], venta: { MXN: [8e6, 14e6] } },
  },
}

/**
 * One row per listing (or per `count` listings). Fields:
 * - zone, type, operation: required.
 * - development + model: a unit of a development model (sizes and base price come from the model).
 * - currency: defaults to the first currency in RANGES for that zone/type/operation.
 * - featured, status: default false / 'disponible'.
 * - flags: levels (1|2), privatePool, luxury, penthouse, furnished, seaView, beachfront, comercial.
 * - lot / price: overrides of the ranges above.
 */
export const LISTINGS = [
  // --- Huayacán ------------------------------------------------------------------------------
  { zone: 'huayacan', type: 'casa', operation: 'venta', development: 'residencial-cumbres-suiko', model: 'casa-sakura', featured: true },
  { zone: 'huayacan', type: 'casa', operation: 'venta', development: 'residencial-cumbres-suiko', model: 'casa-hinoki' },
  { zone: 'huayacan', type: 'casa', operation: 'venta', development: 'residencial-cumbres-suiko', model: 'casa-fuji', privatePool: true, status: 'apartada' },
  { zone: 'huayacan', type: 'casa', operation: 'preventa', development: 'residencial-cumbres-suiko', model: 'casa-sakura' },
  { zone: 'huayacan', type: 'departamento', operation: 'venta', development: 'residencial-cumbres-suiko', model: 'departamento-kaede' },
  { zone: 'huayacan', type: 'terreno', operation: 'venta', development: 'residencial-cumbres-suiko', model: 'lote-residencial' },
  { zone: 'huayacan', type: 'casa', operation: 'preventa', development: 'residencial-bosque-maya', model: 'casa-ramon', featured: true },
  { zone: 'huayacan', type: 'casa', operation: 'preventa', development: 'residencial-bosque-maya', model: 'casa-zapote' },
  { zone: 'huayacan', type: 'terreno', operation: 'preventa', development: 'residencial-bosque-maya', model: 'lote-bosque-maya' },
  { zone: 'huayacan', type: 'casa', operation: 'venta', levels: 2, count: 2 },
  { zone: 'huayacan', type: 'casa', operation: 'venta', levels: 2, privatePool: true },
  { zone: 'huayacan', type: 'casa', operation: 'venta', levels: 1 },
  { zone: 'huayacan', type: 'casa', operation: 'venta', levels: 2, status: 'vendida' },
  { zone: 'huayacan', type: 'departamento', operation: 'venta' },
  { zone: 'huayacan', type: 'departamento', operation: 'renta', count: 2 },
  { zone: 'huayacan', type: 'casa', operation: 'renta', levels: 2, furnished: true, featured: true },
  { zone: 'huayacan', type: 'casa', operation: 'renta', levels: 2 },
  { zone: 'huayacan', type: 'casa', operation: 'renta', levels: 1, status: 'rentada' },
  { zone: 'huayacan', type: 'terreno', operation: 'venta' },
  { zone: 'huayacan', type: 'local', operation: 'renta' },

  // --- Puerto Cancún -------------------------------------------------------------------------
  { zone: 'puerto-cancun', type: 'departamento', operation: 'venta', development: 'residencias-costa-marina', model: 'costa-marina-dos-recamaras', seaView: true, featured: true },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'venta', development: 'residencias-costa-marina', model: 'costa-marina-tres-recamaras', seaView: true },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'venta', development: 'residencias-costa-marina', model: 'costa-marina-penthouse', seaView: true, penthouse: true, luxury: true, status: 'apartada' },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'venta', currency: 'USD', seaView: true, featured: true },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'venta', currency: 'USD', seaView: true },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'preventa', development: 'torre-marea-puerto-cancun', model: 'marea-dos-recamaras', seaView: true },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'preventa', development: 'torre-marea-puerto-cancun', model: 'marea-tres-recamaras', seaView: true },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'preventa', development: 'torre-marea-puerto-cancun', model: 'marea-penthouse', seaView: true, penthouse: true, luxury: true, featured: true },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'renta', currency: 'MXN', seaView: true, furnished: true },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'renta', currency: 'MXN', seaView: true, status: 'rentada' },
  { zone: 'puerto-cancun', type: 'departamento', operation: 'renta', currency: 'USD', seaView: true, furnished: true, luxury: true },
  { zone: 'puerto-cancun', type: 'casa', operation: 'venta', currency: 'USD', levels: 2, privatePool: true, luxury: true, dock: true },
  { zone: 'puerto-cancun', type: 'casa', operation: 'venta', currency: 'MXN', levels: 2, privatePool: true, luxury: true },
  { zone: 'puerto-cancun', type: 'casa', operation: 'renta', currency: 'USD', levels: 2, privatePool: true, luxury: true, furnished: true },
  { zone: 'puerto-cancun', type: 'oficina', operation: 'renta', luxury: true },

  // --- Zona Hotelera -------------------------------------------------------------------------
  { zone: 'zona-hotelera', type: 'departamento', operation: 'venta', currency: 'USD', seaView: true, beachfront: true, featured: true },
  { zone: 'zona-hotelera', type: 'departamento', operation: 'venta', currency: 'USD', seaView: true },
  { zone: 'zona-hotelera', type: 'departamento', operation: 'venta', currency: 'USD', seaView: true, beachfront: true, status: 'vendida' },
  { zone: 'zona-hotelera', type: 'departamento', operation: 'venta', currency: 'MXN', seaView: true },
  { zone: 'zona-hotelera', type: 'departamento', operation: 'preventa', development: 'condominios-arena-blanca', model: 'arena-blanca-una-recamara', seaView: true, beachfront: true },
  { zone: 'zona-hotelera', type: 'departamento', operation: 'preventa', development: 'condominios-arena-blanca', model: 'arena-blanca-dos-recamaras', seaView: true, beachfront: true, featured: true },
  { zone: 'zona-hotelera', type: 'departamento', operation: 'preventa', development: 'condominios-arena-blanca', model: 'arena-blanca-tres-recamaras', seaView: true, beachfront: true },
  { zone: 'zona-hotelera', type: 'departamento', operation: 'renta', currency: 'MXN', seaView: true, furnished: true, count: 2 },
  { zone: 'zona-hotelera', type: 'departamento', operation: 'renta', currency: 'USD', seaView: true, beachfront: true, furnished: true },
  { zone: 'zona-hotelera', type: 'casa', operation: 'venta', currency: 'USD', levels: 2, privatePool: true, luxury: true, dock: true },
  { zone: 'zona-hotelera', type: 'local', operation: 'renta' },

  // --- Centro / Supermanzanas ----------------------------------------------------------------
  { zone: 'centro', type: 'departamento', operation: 'venta', featured: true },
  { zone: 'centro', type: 'departamento', operation: 'venta', status: 'apartada' },
  { zone: 'centro', type: 'departamento', operation: 'venta', status: 'vendida' },
  { zone: 'centro', type: 'departamento', operation: 'preventa', development: 'torre-nativa-centro', model: 'nativa-loft' },
  { zone: 'centro', type: 'departamento', operation: 'preventa', development: 'torre-nativa-centro', model: 'nativa-dos-recamaras', featured: true },
  { zone: 'centro', type: 'departamento', operation: 'preventa', development: 'torre-nativa-centro', model: 'nativa-tres-recamaras' },
  { zone: 'centro', type: 'departamento', operation: 'renta', furnished: true },
  { zone: 'centro', type: 'departamento', operation: 'renta' },
  { zone: 'centro', type: 'departamento', operation: 'renta', status: 'rentada' },
  { zone: 'centro', type: 'casa', operation: 'venta', levels: 2 },
  { zone: 'centro', type: 'casa', operation: 'venta', levels: 1 },
  { zone: 'centro', type: 'casa', operation: 'renta', levels: 2 },
  { zone: 'centro', type: 'local', operation: 'venta' },
  { zone: 'centro', type: 'local', operation: 'renta' },
  { zone: 'centro', type: 'oficina', operation: 'venta' },
  { zone: 'centro', type: 'oficina', operation: 'renta' },
  { zone: 'centro', type: 'bodega', operation: 'renta' },

  // --- Polígono Sur --------------------------------------------------------------------------
  { zone: 'poligono-sur', type: 'casa', operation: 'venta', development: 'residencial-jardines-del-sur', model: 'casa-tulipan', featured: true },
  { zone: 'poligono-sur', type: 'casa', operation: 'venta', development: 'residencial-jardines-del-sur', model: 'casa-orquidea' },
  { zone: 'poligono-sur', type: 'departamento', operation: 'venta', development: 'residencial-jardines-del-sur', model: 'departamento-jazmin' },
  { zone: 'poligono-sur', type: 'casa', operation: 'venta', levels: 2 },
  { zone: 'poligono-sur', type: 'casa', operation: 'renta', levels: 2 },
  { zone: 'poligono-sur', type: 'casa', operation: 'renta', levels: 1, status: 'apartada' },
  { zone: 'poligono-sur', type: 'departamento', operation: 'renta' },
  { zone: 'poligono-sur', type: 'terreno', operation: 'venta' },
  { zone: 'poligono-sur', type: 'terreno', operation: 'venta', comercial: true, lot: [1200, 1600], price: [7.2e6, 9e6] },
  { zone: 'poligono-sur', type: 'bodega', operation: 'venta' },
]
