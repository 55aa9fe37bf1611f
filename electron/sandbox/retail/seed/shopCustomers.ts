// The demo shop's 40 customers: Barcelona names and addresses, e-mails on the reserved example
// domains, Spanish mobile numbers, a DNI with its control letter for about half of them, and a
// loyalty card number in `extra_id`. Every fifth (ids 1, 6, 11, …) is a member: their own price rate
// is "Socis -10 %" (`price_rate_id`, beyond §2.4: the till follows it). Chosen by position, not drawn,
// so every other value stays what the seed always gave.
import { mulberry32, pick, randomInt } from '../../prng';
import { slug } from '../../seed/text';
import type { RetailCustomerRecord } from '../model';
import { SHOP } from './shopCatalog';
import { FIRST_NAMES, STREETS, SURNAMES } from './shopNames';

export const DEMO_SHOP_CUSTOMERS = 40;

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A DNI: 8 digits and the control letter of their value mod 23. */
export function dni(digits: number): string {
  const text = String(digits).padStart(8, '0');
  return `${text}${DNI_LETTERS[digits % 23]}`;
}

export function isValidDni(value: string): boolean {
  const m = /^(\d{8})([A-Z])$/.exec(value);
  return m !== null && DNI_LETTERS[Number(m[1]) % 23] === m[2];
}

const NOTES = ['Client de la botiga des de 2019', 'Prefiere que le avisen por WhatsApp', 'Talla M en samarretes', 'Avisar quan arribin les espardenyes'];

export function buildShopCustomers(count = DEMO_SHOP_CUSTOMERS): RetailCustomerRecord[] {
  const random = mulberry32(0xc0_57_0e_40);
  const customers: RetailCustomerRecord[] = [];
  const emails = new Set<string>();
  for (let i = 0; i < count; i++) {
    const first = pick(random, FIRST_NAMES);
    const surname1 = pick(random, SURNAMES);
    let surname2 = pick(random, SURNAMES);
    if (surname2 === surname1) surname2 = SURNAMES[(SURNAMES.indexOf(surname1) + 1) % SURNAMES.length]!;
    const [street, postalCode] = pick(random, STREETS);
    let email: string | null = `${slug(first)}.${slug(surname1)}@${pick(random, ['example.com', 'example.net', 'example.org'])}`;
    if (emails.has(email)) email = email.replace('@', `${i + 1}@`);
    if (random() < 0.1) email = null;
    else emails.add(email);
    const created = new Date(
      Date.UTC(2021 + randomInt(random, 0, 4), randomInt(random, 0, 11), randomInt(random, 1, 28), 9 + randomInt(random, 0, 9), randomInt(random, 0, 59)),
    ).toISOString();
    customers.push({
      id: i + 1,
      name: `${first} ${surname1} ${surname2}`,
      address: `${street}, ${randomInt(random, 1, 240)}${random() < 0.6 ? `, ${randomInt(random, 1, 6)}r ${randomInt(random, 1, 4)}a` : ''}`,
      city: 'Barcelona',
      state: 'Barcelona',
      country: 'ES',
      postalCode,
      nif: random() < 0.5 ? dni(randomInt(random, 10_000_000, 59_999_999)) : null,
      web: null,
      email,
      phone: `6${String(randomInt(random, 0, 99_999_999)).padStart(8, '0')}`,
      notes: random() < 0.15 ? pick(random, NOTES) : null,
      maxCredit: random() < 0.1 ? 30_000 : null,
      extra_id: `FID-${String(1000 + i * 7).padStart(5, '0')}`,
      price_rate_id: i % 5 === 0 ? SHOP.priceRate.members : null,
      created_at: created,
      updated_at: created,
    });
  }
  return customers;
}
