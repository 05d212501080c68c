/**
 * The demo catalogue's listings by id (content/catalogue.json), for the persona sets to name
 * without spelling slugs: only slugs here, every fact is read from the catalogue when graded.
 */
export const L = {
  /** casa venta, huayacan */
  p001: 'casa-de-dos-niveles-en-venta-en-residencial-cumbres-suiko',
  /** casa venta, huayacan */
  p002: 'casa-en-venta-en-residencial-cumbres-suiko-3-recamaras',
  /** casa venta, huayacan */
  p003: 'casa-con-alberca-en-venta-en-residencial-cumbres-suiko',
  /** casa preventa, huayacan */
  p004: 'casa-en-preventa-en-residencial-cumbres-suiko-3-recamaras',
  /** departamento venta, huayacan */
  p005: 'departamento-listo-para-habitar-en-residencial-cumbres-suiko',
  /** terreno venta, huayacan */
  p006: 'lote-residencial-en-venta-en-residencial-cumbres-suiko',
  /** casa preventa, huayacan */
  p007: 'casa-en-preventa-en-residencial-bosque-maya-3-recamaras',
  /** casa preventa, huayacan */
  p008: 'casa-zapote-en-preventa-en-residencial-bosque-maya',
  /** terreno preventa, huayacan */
  p009: 'terreno-en-preventa-en-residencial-bosque-maya-180-m2',
  /** casa venta, huayacan */
  p010: 'casa-de-dos-niveles-en-venta-en-huayacan',
  /** casa venta, huayacan */
  p011: 'casa-en-venta-en-huayacan-3-recamaras',
  /** casa venta, huayacan */
  p012: 'casa-en-venta-en-huayacan-4-recamaras',
  /** casa venta, huayacan */
  p013: 'casa-de-una-planta-en-venta-en-huayacan',
  /** casa venta, huayacan */
  p014: 'casa-con-estudio-en-venta-en-huayacan',
  /** departamento venta, huayacan */
  p015: 'departamento-listo-para-habitar-en-huayacan',
  /** departamento renta, huayacan */
  p016: 'departamento-en-renta-en-huayacan-2-recamaras',
  /** departamento renta, huayacan */
  p017: 'departamento-en-renta-en-huayacan-3-recamaras',
  /** casa renta, huayacan */
  p018: 'casa-en-renta-en-huayacan-4-recamaras',
  /** casa renta, huayacan */
  p019: 'casa-en-renta-en-huayacan-3-recamaras',
  /** casa renta, huayacan */
  p020: 'casa-con-jardin-en-renta-en-huayacan',
  /** terreno venta, huayacan */
  p021: 'terreno-en-venta-en-huayacan-420-m2',
  /** local renta, huayacan */
  p022: 'local-comercial-en-renta-en-av-huayacan-km-2',
  /** departamento venta, puerto-cancun */
  p023: 'departamento-en-venta-en-residencias-costa-marina-2-recamaras',
  /** departamento venta, puerto-cancun */
  p024: 'departamento-en-venta-en-residencias-costa-marina-3-recamaras',
  /** departamento venta, puerto-cancun */
  p025: 'penthouse-con-terraza-en-venta-en-residencias-costa-marina',
  /** departamento venta, puerto-cancun */
  p026: 'departamento-con-vista-al-mar-en-puerto-cancun',
  /** departamento venta, puerto-cancun */
  p027: 'departamento-listo-para-habitar-en-puerto-cancun',
  /** departamento preventa, puerto-cancun */
  p028: 'preventa-departamento-de-2-recamaras-en-torre-marea-puerto-cancun',
  /** departamento preventa, puerto-cancun */
  p029: 'preventa-departamento-de-3-recamaras-en-torre-marea-puerto-cancun',
  /** departamento preventa, puerto-cancun */
  p030: 'penthouse-en-preventa-en-torre-marea-puerto-cancun',
  /** departamento renta, puerto-cancun */
  p031: 'departamento-con-vista-al-mar-en-renta-en-puerto-cancun',
  /** departamento renta, puerto-cancun */
  p032: 'departamento-en-renta-en-puerto-cancun-2-recamaras',
  /** departamento renta, puerto-cancun */
  p033: 'departamento-en-renta-en-puerto-cancun-3-recamaras',
  /** casa venta, puerto-cancun */
  p034: 'casa-con-alberca-en-venta-en-puerto-cancun',
  /** casa venta, puerto-cancun */
  p035: 'casa-en-venta-en-puerto-cancun-5-recamaras',
  /** casa renta, puerto-cancun */
  p036: 'casa-en-renta-en-puerto-cancun-5-recamaras',
  /** oficina renta, puerto-cancun */
  p037: 'oficina-corporativa-en-renta-en-puerto-cancun',
  /** departamento venta, zona-hotelera */
  p038: 'departamento-listo-para-habitar-en-la-zona-hotelera',
  /** departamento venta, zona-hotelera */
  p039: 'departamento-con-vista-al-mar-en-la-zona-hotelera',
  /** departamento venta, zona-hotelera */
  p040: 'departamento-en-venta-en-la-zona-hotelera-1-recamara',
  /** departamento venta, zona-hotelera */
  p041: 'departamento-en-venta-en-la-zona-hotelera-3-recamaras',
  /** departamento preventa, zona-hotelera */
  p042: 'preventa-departamento-de-1-recamara-en-condominios-arena-blanca',
  /** departamento preventa, zona-hotelera */
  p043: 'departamento-en-preventa-en-condominios-arena-blanca-2-recamaras',
  /** departamento preventa, zona-hotelera */
  p044: 'preventa-departamento-de-3-recamaras-en-condominios-arena-blanca',
  /** departamento renta, zona-hotelera */
  p045: 'departamento-con-vista-al-mar-en-renta-en-la-zona-hotelera',
  /** departamento renta, zona-hotelera */
  p046: 'departamento-amueblado-en-renta-en-la-zona-hotelera',
  /** departamento renta, zona-hotelera */
  p047: 'departamento-en-renta-en-la-zona-hotelera-3-recamaras',
  /** casa venta, zona-hotelera */
  p048: 'casa-de-dos-niveles-en-venta-en-la-zona-hotelera',
  /** local renta, zona-hotelera */
  p049: 'local-comercial-en-renta-en-blvd-kukulcan-km-17-5',
  /** departamento venta, centro */
  p050: 'departamento-en-venta-en-el-centro-de-cancun-2-recamaras',
  /** departamento venta, centro */
  p051: 'departamento-en-venta-en-el-centro-de-cancun-3-recamaras',
  /** departamento venta, centro */
  p052: 'departamento-listo-para-habitar-en-el-centro-de-cancun',
  /** departamento preventa, centro */
  p053: 'departamento-en-preventa-en-torre-nativa-centro-1-recamara',
  /** departamento preventa, centro */
  p054: 'preventa-departamento-de-2-recamaras-en-torre-nativa-centro',
  /** departamento preventa, centro */
  p055: 'departamento-en-preventa-en-torre-nativa-centro-3-recamaras',
  /** departamento renta, centro */
  p056: 'departamento-amueblado-en-renta-en-el-centro-de-cancun',
  /** departamento renta, centro */
  p057: 'departamento-en-renta-en-el-centro-de-cancun-2-recamaras',
  /** departamento renta, centro */
  p058: 'departamento-en-renta-en-el-centro-de-cancun-1-recamara',
  /** casa venta, centro */
  p059: 'casa-en-venta-en-el-centro-de-cancun-3-recamaras',
  /** casa venta, centro */
  p060: 'casa-de-una-planta-en-venta-en-el-centro-de-cancun',
  /** casa renta, centro */
  p061: 'casa-en-renta-en-el-centro-de-cancun-4-recamaras',
  /** local venta, centro */
  p062: 'local-comercial-en-venta-en-el-centro-de-cancun-176-m2',
  /** local renta, centro */
  p063: 'local-comercial-en-renta-en-av-kabah',
  /** oficina venta, centro */
  p064: 'oficina-en-venta-en-el-centro-de-cancun-95-m2',
  /** oficina renta, centro */
  p065: 'oficina-en-renta-en-el-centro-de-cancun-98-m2',
  /** bodega renta, centro */
  p066: 'bodega-en-renta-en-av-lopez-portillo-511-m2',
  /** casa venta, poligono-sur */
  p067: 'casa-con-estudio-en-venta-en-residencial-jardines-del-sur',
  /** casa venta, poligono-sur */
  p068: 'casa-de-dos-niveles-en-venta-en-residencial-jardines-del-sur',
  /** departamento venta, poligono-sur */
  p069: 'departamento-en-venta-en-residencial-jardines-del-sur-2-recamaras',
  /** casa venta, poligono-sur */
  p070: 'casa-en-venta-en-el-poligono-sur-4-recamaras',
  /** casa renta, poligono-sur */
  p071: 'casa-en-renta-en-el-poligono-sur-4-recamaras',
  /** casa renta, poligono-sur */
  p072: 'casa-en-renta-en-el-poligono-sur-3-recamaras',
  /** departamento renta, poligono-sur */
  p073: 'departamento-en-renta-en-el-poligono-sur-3-recamaras',
  /** terreno venta, poligono-sur */
  p074: 'terreno-en-venta-en-el-poligono-sur-320-m2',
  /** terreno venta, poligono-sur */
  p075: 'terreno-comercial-en-venta-sobre-av-luis-donaldo-colosio-km-10',
  /** bodega venta, poligono-sur */
  p076: 'bodega-industrial-en-venta-en-el-poligono-sur',
} as const

/** A listing's page. */
export const page = (slug: string) => `/propiedad/${slug}`
