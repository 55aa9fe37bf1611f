import type { TFunction } from 'i18next';
import type { VendorTextField } from '../../../../../shared/bridge';
import type { VendorFieldError } from './vendorForm';
import type { VendorItemError } from './vendorItemForm';

// The Vendors tab's words that depend on values: field names and problems.

type Words = TFunction<'managerVendors'>;

const FIELD_LABEL = {
  name: 'fieldName',
  nif: 'fieldNif',
  address: 'fieldAddress',
  postalCode: 'fieldPostalCode',
  city: 'fieldCity',
  state: 'fieldState',
  country: 'fieldCountry',
  phone: 'fieldPhone',
  email: 'fieldEmail',
  web: 'fieldWeb',
  notes: 'fieldNotes',
} as const satisfies Record<VendorTextField, string>;

export function vendorFieldLabel(t: Words, field: VendorTextField): string {
  return t(FIELD_LABEL[field]);
}

/** What is wrong with a field, then the POS's own words when it gave some. */
export function vendorFieldProblemText(t: Words, field: VendorTextField, error: VendorFieldError): string {
  switch (error.kind) {
    case 'required':
      return t('problemRequired');
    case 'tooLong':
      return t('problemTooLong', { max: error.max });
    case 'email':
      return t('problemEmail');
    case 'taken': {
      const text = field === 'nif' ? t('problemNifTaken') : t('problemTaken');
      return error.said ? `${text} ${t('posSaid', { said: error.said })}` : text;
    }
    case 'refused':
      return error.said ? `${t('problemRefused')} ${t('posSaid', { said: error.said })}` : t('problemRefused');
  }
}

export function vendorItemProblemText(t: Words, error: VendorItemError): string {
  return error === 'cost' ? t('problemCost') : t('problemPack');
}
