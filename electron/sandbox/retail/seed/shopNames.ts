// Words of the demo shop (a clothing and shoe shop in Barcelona's Eixample): its groups and
// categories as its signs say them (Catalan), and the articles of each category in Spanish and in
// Catalan — the shop writes about half its labels in each. `[es, ca]` pairs.

export type SizeKind = 'top' | 'bottom' | 'shoe' | 'sock' | 'none';
export type Pair = readonly [es: string, ca: string];

export interface CategorySpec {
  name: string;
  group: number;
  /** IVA of the category's products: 21, 10 or 4 (%). */
  tax: 21 | 10 | 4;
  sizes: SizeKind;
  /** Share of the shop's articles (relative) and of its sales. */
  weight: number;
  sales: number;
  /** Shelf price range in euros. */
  price: readonly [number, number];
  bases: readonly Pair[];
  /** Materials or collection names that make an article of a base. */
  qualifiers: readonly Pair[];
  brands: readonly string[];
  season: 'PE26' | 'TH26' | null;
}

export const GROUPS = ['Dona', 'Home', 'Calçat', 'Complements', 'Llibreria i altres'] as const;

/** Collection names (Barcelona places) any article can take. */
const PLACES: readonly Pair[] = [
  ['Barceloneta', 'Barceloneta'], ['Gràcia', 'Gràcia'], ['Born', 'Born'], ['Poblenou', 'Poblenou'], ['Sarrià', 'Sarrià'],
  ['Cadaqués', 'Cadaqués'], ['Tramuntana', 'Tramuntana'], ['Empordà', 'Empordà'], ['Montjuïc', 'Montjuïc'], ['Sant Antoni', 'Sant Antoni'],
  ['Garraf', 'Garraf'], ['Montseny', 'Montseny'],
];
const FABRICS: readonly Pair[] = [
  ['de algodón orgánico', 'de cotó orgànic'], ['de lino', 'de lli'], ['de punto fino', 'de punt fi'], ['de viscosa', 'de viscosa'],
  ['de algodón', 'de cotó'], ['de lana merino', 'de llana merino'],
];
const LEATHER: readonly Pair[] = [['de piel', 'de pell'], ['de ante', "d'ant"], ['de lona', 'de lona'], ['vegana', 'vegana']];

const CLOTHING = ['Mar de Fons', 'Tramuntana', 'Gràcia Studio', 'Bòlit', 'Pinyol'];
const DENIM = ['Raval Denim', 'Mar de Fons'];
const SHOES = ['Passeig', 'Camí Vell', 'Vallès Espardenyers'];
const ACCESSORIES = ['Bòlit', 'Mar de Fons', 'Pinyol'];

export const CATEGORIES: readonly CategorySpec[] = [
  {
    name: 'Samarretes dona', group: 1, tax: 21, sizes: 'top', weight: 14, sales: 16, price: [12.95, 29.95], brands: CLOTHING, season: null,
    bases: [['Camiseta básica', 'Samarreta bàsica'], ['Camiseta de rayas', 'Samarreta de ratlles'], ['Camiseta oversize', 'Samarreta oversize'], ['Top de tirantes', 'Top de tirants'], ['Camiseta manga larga', 'Samarreta de màniga llarga'], ['Camiseta estampada', 'Samarreta estampada']],
    qualifiers: [...FABRICS.slice(0, 5), ...PLACES],
  },
  {
    name: 'Camises i bruses', group: 1, tax: 21, sizes: 'top', weight: 9, sales: 7, price: [29.95, 59.95], brands: CLOTHING, season: null,
    bases: [['Blusa fluida', 'Brusa fluida'], ['Camisa', 'Camisa'], ['Camisa oversize', 'Camisa oversize'], ['Blusa de volantes', 'Brusa amb volants'], ['Camisa de cuadros', 'Camisa de quadres']],
    qualifiers: [...FABRICS.slice(0, 4), ...PLACES],
  },
  {
    name: 'Vestits', group: 1, tax: 21, sizes: 'top', weight: 10, sales: 7, price: [39.95, 89.95], brands: CLOTHING, season: null,
    bases: [['Vestido midi', 'Vestit midi'], ['Vestido camisero', 'Vestit camiser'], ['Vestido de punto', 'Vestit de punt'], ['Vestido largo', 'Vestit llarg'], ['Vestido cruzado', 'Vestit creuat']],
    qualifiers: PLACES,
  },
  {
    name: 'Faldilles', group: 1, tax: 21, sizes: 'bottom', weight: 6, sales: 4, price: [25.95, 49.95], brands: CLOTHING, season: null,
    bases: [['Falda midi', 'Faldilla midi'], ['Falda plisada', 'Faldilla plisada'], ['Falda vaquera', 'Faldilla texana'], ['Falda larga', 'Faldilla llarga']],
    qualifiers: PLACES,
  },
  {
    name: 'Pantalons dona', group: 1, tax: 21, sizes: 'bottom', weight: 8, sales: 6, price: [29.95, 59.95], brands: CLOTHING, season: null,
    bases: [['Pantalón palazzo', 'Pantaló palazzo'], ['Pantalón culotte', 'Pantaló culotte'], ['Pantalón de pinzas', 'Pantaló de pinces'], ['Pantalón jogger', 'Pantaló jogger']],
    qualifiers: [...FABRICS.slice(0, 4), ...PLACES],
  },
  {
    name: 'Texans dona', group: 1, tax: 21, sizes: 'bottom', weight: 6, sales: 6, price: [39.95, 69.95], brands: DENIM, season: null,
    bases: [['Vaquero recto', 'Texà recte'], ['Vaquero mom', 'Texà mom'], ['Vaquero acampanado', 'Texà acampanat'], ['Vaquero skinny', 'Texà skinny']],
    qualifiers: PLACES,
  },
  {
    name: 'Jerseis i càrdigans', group: 1, tax: 21, sizes: 'top', weight: 7, sales: 6, price: [35.95, 79.95], brands: CLOTHING, season: 'TH26',
    bases: [['Jersey de punto grueso', 'Jersei de punt gruixut'], ['Cárdigan', 'Càrdigan'], ['Jersey de cuello alto', 'Jersei de coll alt'], ['Sudadera', 'Dessuadora']],
    qualifiers: [...FABRICS.slice(4), ...PLACES],
  },
  {
    name: 'Jaquetes i abrics', group: 1, tax: 21, sizes: 'top', weight: 6, sales: 3, price: [59.95, 149.95], brands: CLOTHING, season: 'TH26',
    bases: [['Abrigo de paño', 'Abric de llana'], ['Chaqueta vaquera', 'Jaqueta texana'], ['Gabardina', 'Gavardina'], ['Cazadora de piel', 'Cassadora de pell'], ['Blazer', 'Americana']],
    qualifiers: PLACES,
  },
  {
    name: 'Samarretes home', group: 2, tax: 21, sizes: 'top', weight: 9, sales: 10, price: [14.95, 29.95], brands: CLOTHING, season: null,
    bases: [['Camiseta básica', 'Samarreta bàsica'], ['Polo', 'Polo'], ['Camiseta henley', 'Samarreta henley'], ['Camiseta marinera', 'Samarreta mariniera'], ['Camiseta estampada', 'Samarreta estampada']],
    qualifiers: [...FABRICS.slice(0, 5), ...PLACES],
  },
  {
    name: 'Camises home', group: 2, tax: 21, sizes: 'top', weight: 7, sales: 5, price: [34.95, 59.95], brands: CLOTHING, season: null,
    bases: [['Camisa oxford', 'Camisa oxford'], ['Camisa', 'Camisa'], ['Camisa de franela', 'Camisa de franel·la'], ['Camisa vaquera', 'Camisa texana']],
    qualifiers: [...FABRICS.slice(0, 2), ...PLACES],
  },
  {
    name: 'Pantalons home', group: 2, tax: 21, sizes: 'bottom', weight: 6, sales: 5, price: [34.95, 59.95], brands: CLOTHING, season: null,
    bases: [['Chino', 'Xino'], ['Pantalón cargo', 'Pantaló cargo'], ['Bermuda', 'Bermuda'], ['Pantalón', 'Pantaló']],
    qualifiers: [...FABRICS.slice(0, 2), ...PLACES],
  },
  {
    name: 'Texans home', group: 2, tax: 21, sizes: 'bottom', weight: 5, sales: 5, price: [44.95, 74.95], brands: DENIM, season: null,
    bases: [['Vaquero slim', 'Texà slim'], ['Vaquero recto', 'Texà recte'], ['Vaquero regular', 'Texà regular']],
    qualifiers: PLACES,
  },
  {
    name: 'Jerseis home', group: 2, tax: 21, sizes: 'top', weight: 5, sales: 4, price: [39.95, 79.95], brands: CLOTHING, season: 'TH26',
    bases: [['Jersey', 'Jersei'], ['Sudadera con capucha', 'Dessuadora amb caputxa'], ['Cárdigan', 'Càrdigan'], ['Jersey de cuello redondo', 'Jersei de coll rodó']],
    qualifiers: [...FABRICS.slice(4), ...PLACES],
  },
  {
    name: 'Jaquetes home', group: 2, tax: 21, sizes: 'top', weight: 5, sales: 2, price: [69.95, 159.95], brands: CLOTHING, season: 'TH26',
    bases: [['Chaqueta acolchada', 'Jaqueta encoixinada'], ['Parka', 'Parka'], ['Cazadora bomber', 'Cassadora bomber'], ['Sobrecamisa', 'Sobrecamisa']],
    qualifiers: PLACES,
  },
  {
    name: 'Sabatilles', group: 3, tax: 21, sizes: 'shoe', weight: 8, sales: 6, price: [49.95, 99.95], brands: SHOES, season: null,
    bases: [['Zapatilla', 'Sabatilla'], ['Zapatilla urbana', 'Sabatilla urbana'], ['Zapatilla de correr', 'Sabatilla de córrer'], ['Zapatilla retro', 'Sabatilla retro']],
    qualifiers: [...LEATHER, ...PLACES],
  },
  {
    name: 'Espardenyes', group: 3, tax: 21, sizes: 'shoe', weight: 6, sales: 5, price: [19.95, 49.95], brands: SHOES, season: 'PE26',
    bases: [['Alpargata clásica', 'Espardenya clàssica'], ['Alpargata de cuña', 'Espardenya de falca'], ['Alpargata de cintas', 'Espardenya de vetes']],
    qualifiers: PLACES,
  },
  {
    name: 'Botes i botins', group: 3, tax: 21, sizes: 'shoe', weight: 7, sales: 4, price: [69.95, 149.95], brands: SHOES, season: 'TH26',
    bases: [['Botín chelsea', 'Botí chelsea'], ['Bota de montaña', 'Bota de muntanya'], ['Bota alta', 'Bota alta'], ['Botín de tacón', 'Botí de taló']],
    qualifiers: [...LEATHER.slice(0, 2), ...PLACES],
  },
  {
    name: 'Sandàlies', group: 3, tax: 21, sizes: 'shoe', weight: 5, sales: 3, price: [29.95, 69.95], brands: SHOES, season: 'PE26',
    bases: [['Sandalia plana', 'Sandàlia plana'], ['Sandalia de tiras', 'Sandàlia de tires'], ['Sandalia de cuña', 'Sandàlia de falca'], ['Menorquina', 'Avarca menorquina']],
    qualifiers: [...LEATHER.slice(0, 1), ...PLACES],
  },
  {
    name: 'Sabates', group: 3, tax: 21, sizes: 'shoe', weight: 5, sales: 3, price: [59.95, 119.95], brands: SHOES, season: null,
    bases: [['Mocasín', 'Mocassí'], ['Zapato oxford', 'Sabata oxford'], ['Bailarina', 'Manoleta'], ['Zapato blucher', 'Sabata blucher']],
    qualifiers: [...LEATHER.slice(0, 2), ...PLACES],
  },
  {
    name: 'Mitjons', group: 4, tax: 21, sizes: 'sock', weight: 5, sales: 12, price: [5.95, 12.95], brands: ACCESSORIES, season: null,
    bases: [['Calcetines', 'Mitjons'], ['Calcetines de rayas', 'Mitjons de ratlles'], ['Calcetines tobilleros', 'Mitjons curts'], ['Calcetines de lana', 'Mitjons de llana']],
    qualifiers: PLACES,
  },
  {
    name: 'Bosses', group: 4, tax: 21, sizes: 'none', weight: 5, sales: 4, price: [19.95, 89.95], brands: ACCESSORIES, season: null,
    bases: [['Bolso bandolera', 'Bossa bandolera'], ['Bolsa de tela', 'Bossa de roba'], ['Mochila', 'Motxilla'], ['Cesto de mimbre', 'Cistell de vímet'], ['Riñonera', 'Ronyonera']],
    qualifiers: [...LEATHER.slice(0, 3), ...PLACES],
  },
  {
    name: 'Cinturons', group: 4, tax: 21, sizes: 'none', weight: 3, sales: 2, price: [19.95, 45.95], brands: ACCESSORIES, season: null,
    bases: [['Cinturón', 'Cinturó'], ['Cinturón trenzado', 'Cinturó trenat'], ['Cinturón de hebilla', 'Cinturó de sivella']],
    qualifiers: [...LEATHER.slice(0, 2), ...PLACES],
  },
  {
    name: 'Barrets i gorres', group: 4, tax: 21, sizes: 'none', weight: 3, sales: 3, price: [14.95, 39.95], brands: ACCESSORIES, season: null,
    bases: [['Gorra', 'Gorra'], ['Sombrero de paja', 'Barret de palla'], ['Gorro de lana', 'Gorro de llana'], ['Gorro bob', 'Barret bob']],
    qualifiers: PLACES,
  },
  {
    name: 'Bufandes i mocadors', group: 4, tax: 21, sizes: 'none', weight: 3, sales: 3, price: [14.95, 49.95], brands: ACCESSORIES, season: null,
    bases: [['Bufanda', 'Bufanda'], ['Pañuelo de seda', 'Mocador de seda'], ['Fular', 'Fulard']],
    qualifiers: [...FABRICS.slice(4), ...PLACES],
  },
  {
    name: 'Ulleres de sol', group: 4, tax: 21, sizes: 'none', weight: 3, sales: 2, price: [24.95, 59.95], brands: ACCESSORIES, season: 'PE26',
    bases: [['Gafas de sol redondas', 'Ulleres de sol rodones'], ['Gafas de sol aviador', 'Ulleres de sol aviador'], ['Gafas de sol cat-eye', 'Ulleres de sol cat-eye']],
    qualifiers: PLACES,
  },
  {
    name: 'Cura del calçat', group: 4, tax: 21, sizes: 'none', weight: 2, sales: 3, price: [3.95, 14.95], brands: ['Passeig'], season: null,
    bases: [['Spray impermeabilizante', 'Esprai impermeabilitzant'], ['Cepillo para ante', 'Raspall per a ant'], ['Crema para piel', 'Crema per a pell'], ['Plantillas', 'Plantilles'], ['Cordones', 'Cordons']],
    qualifiers: [['negro', 'negre'], ['incoloro', 'incolor'], ['marrón', 'marró'], ['blanco', 'blanc']],
  },
  {
    name: 'Llibres i revistes', group: 5, tax: 4, sizes: 'none', weight: 2, sales: 1, price: [6.95, 29.95], brands: ['Edicions del Born'], season: null,
    bases: [['Revista de moda', 'Revista de moda'], ['Libro: historia de la alpargata', "Llibre: història de l'espardenya"], ['Guía de moda sostenible', 'Guia de moda sostenible'], ['Cuaderno de patrones', 'Quadern de patrons']],
    qualifiers: [['nº 12', 'núm. 12'], ['nº 13', 'núm. 13'], ['edición bolsillo', 'edició de butxaca'], ['ilustrado', 'il·lustrat']],
  },
  {
    name: 'Begudes', group: 5, tax: 10, sizes: 'none', weight: 1, sales: 4, price: [1.5, 2.95], brands: ['Font del Montseny'], season: null,
    bases: [['Agua mineral', 'Aigua mineral'], ['Agua con gas', 'Aigua amb gas'], ['Té frío', 'Te fred'], ['Limonada', 'Llimonada']],
    qualifiers: [['50 cl', '50 cl'], ['33 cl', '33 cl'], ['1 l', '1 l']],
  },
];

/** Size values of the `Talla` variant set, by kind, smallest first. */
export const SIZES: Readonly<Record<Exclude<SizeKind, 'none'>, readonly string[]>> = {
  top: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  bottom: ['36', '38', '40', '42', '44', '46'],
  shoe: ['35', '36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'],
  sock: ['35-38', '39-42', '43-46'],
};

/** Values of the `Color` set: the shop's label (Catalan), the Spanish word, a swatch. */
export const COLOURS: readonly (readonly [ca: string, es: string, hex: string])[] = [
  ['Negre', 'negro', '#1b1b1b'], ['Blanc', 'blanco', '#f7f7f2'], ['Blau marí', 'azul marino', '#1f2a44'], ['Gris', 'gris', '#8a8d91'],
  ['Beix', 'beige', '#d9c8a9'], ['Vermell', 'rojo', '#b3261e'], ['Verd oliva', 'verde oliva', '#6b6b3a'], ['Terracota', 'terracota', '#c0643c'],
  ['Mostassa', 'mostaza', '#d4a017'], ['Rosa', 'rosa', '#e8a0b4'], ['Marró', 'marrón', '#6f4e37'], ['Cru', 'crudo', '#efe6d2'],
  ['Blau cel', 'azul cielo', '#8fbfe0'], ['Texà', 'denim', '#3b5b85'],
];

export const FIRST_NAMES = [
  'Anna', 'Laia', 'Marta', 'Núria', 'Montse', 'Carme', 'Júlia', 'Clara', 'Paula', 'Lucía', 'María', 'Carmen', 'Elena', 'Sara', 'Irene',
  'Jordi', 'Pere', 'Marc', 'Pau', 'Oriol', 'Joan', 'Xavier', 'Albert', 'David', 'Javier', 'Sergio', 'Carlos', 'Miguel', 'Àlex', 'Arnau',
];
export const SURNAMES = [
  'Puig', 'Vidal', 'Ferrer', 'Soler', 'Martí', 'Roca', 'Serra', 'Casals', 'Font', 'Pujol', 'Riera', 'Vila', 'Sala', 'Bosch', 'Camps',
  'García', 'Martínez', 'López', 'Sánchez', 'Fernández', 'Romero', 'Navarro', 'Torres', 'Domínguez', 'Ruiz', 'Moreno', 'Jiménez', 'Gil',
];
/** Streets of Barcelona and their postal codes. */
export const STREETS: readonly (readonly [string, string])[] = [
  ['Carrer de Mallorca', '08036'], ['Carrer del Consell de Cent', '08011'], ['Carrer de Provença', '08029'], ['Carrer de Girona', '08010'],
  ['Carrer de Verdi', '08012'], ['Travessera de Gràcia', '08021'], ['Carrer de Sants', '08014'], ['Carrer de Pujades', '08005'],
  ['Carrer Major de Sarrià', '08017'], ['Carrer de Blai', '08004'], ['Passeig de Sant Joan', '08009'], ['Carrer de la Marina', '08013'],
  ['Rambla del Poblenou', '08005'], ['Carrer de Casp', '08010'], ['Carrer de Muntaner', '08021'], ['Carrer del Parlament', '08015'],
];
