import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { vendorTextFields, type BridgeClient, type Vendor, type VendorTextField } from '../../../../../shared/bridge';
import { errorText } from '../../../i18n/errorText';
import { Button } from '../../../ui/Button';
import { FormError } from '../../../ui/FormError';
import {
  changesOf,
  EMPTY_VENDOR_FORM,
  formOf,
  refusalErrors,
  validateVendorForm,
  withChanges,
  type VendorFieldError,
  type VendorFieldErrors,
  type VendorForm,
} from './vendorForm';
import { vendorFieldLabel, vendorFieldProblemText } from './vendorText';

// A vendor's form: new (POST) or edit (PUT of the fields that changed). Checked
// here with the request's rules first (name, NIF, address required; lengths; an e-mail's shape);
// then the POS decides — its refusal shows under the field it names (a NIF already taken: on the
// NIF) and nothing was created or changed. The focus goes to the first field with a problem.

type SaveBridge = Pick<BridgeClient, 'saveVendor'>;

const WIDE: ReadonlySet<VendorTextField> = new Set(['name', 'address', 'notes', 'web', 'email']);
const REQUIRED: ReadonlySet<VendorTextField> = new Set(['name', 'nif', 'address']);

export function VendorEditor({
  bridge,
  original,
  onSaved,
  onCancel,
}: {
  bridge: SaveBridge;
  /** null: a new vendor. */
  original: Vendor | null;
  onSaved: (vendor: Vendor | null, words: string) => Promise<void> | void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('managerVendors');
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<VendorForm>(original ? formOf(original) : EMPTY_VENDOR_FORM);
  const [errors, setErrors] = useState<VendorFieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const fieldId = (field: string) => `${idPrefix}-${field}`;
  const focusFirstProblem = (found: VendorFieldErrors) => {
    const first = vendorTextFields.find((field) => found[field] !== undefined);
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setProblem(null);
    const checked = validateVendorForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstProblem(checked.errors);
      return;
    }
    const changes = original ? changesOf(original, checked.vendor) : checked.vendor;
    if (changes === null) {
      await onSaved(original, t('nothingChanged'));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const result = await bridge.saveVendor(original ? { id: original.id, vendor: changes } : { vendor: checked.vendor });
      if (result.outcome === 'refused') {
        const found = refusalErrors(result);
        setErrors(found);
        // A refusal that names no field: the POS's sentence for the whole form.
        setProblem(Object.keys(found).length === 0 ? t('refusedForm', { said: result.said ?? '—' }) : t('refusedNothingSaved'));
        focusFirstProblem(found);
        return;
      }
      const saved = result.vendor ?? (original ? withChanges(original, changes) : null);
      await onSaved(saved, original ? t('updated', { name: saved?.name ?? checked.vendor.name }) : t('created', { name: checked.vendor.name }));
    } catch (error) {
      setProblem(t('saveFailed', { reason: errorText(t, error) }));
    } finally {
      setSaving(false);
    }
  };

  const setField = (field: VendorTextField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  };

  const titleId = `${idPrefix}-title`;
  return (
    <form ref={formRef} className="vendor-form" data-testid="vendor-form" aria-labelledby={titleId} noValidate onSubmit={(event) => void onSubmit(event)}>
      <h3 id={titleId} className="vendors__subtitle">
        {original ? t('editTitle', { name: original.name }) : t('newTitle')}
      </h3>
      <div className="vendor-form__grid">
        {vendorTextFields.map((field) => (
          <TextField
            key={field}
            id={fieldId(field)}
            field={field}
            value={form[field]}
            error={errors[field]}
            wide={WIDE.has(field)}
            required={REQUIRED.has(field)}
            onChange={(value) => setField(field, value)}
          />
        ))}
      </div>
      <label className="vendor-form__check">
        <input
          type="checkbox"
          checked={form.shouldBeNotified}
          data-testid="vendor-field-shouldBeNotified"
          onChange={(event) => setForm((current) => ({ ...current, shouldBeNotified: event.target.checked }))}
        />
        <span>{t('fieldShouldBeNotified')}</span>
      </label>
      {problem !== null && (
        <div role="alert" data-testid="vendor-form-problem">
          <FormError>{problem}</FormError>
        </div>
      )}
      <div className="vendor-form__actions">
        <Button variant="primary" type="submit" data-testid="vendor-save" disabled={saving} aria-busy={saving}>
          {saving ? t('saving') : t('save')}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function TextField({
  id,
  field,
  value,
  error,
  wide,
  required,
  onChange,
}: {
  id: string;
  field: VendorTextField;
  value: string;
  error: VendorFieldError | undefined;
  wide: boolean;
  required: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('managerVendors');
  const errorId = `${id}-error`;
  const Input = field === 'notes' ? 'textarea' : 'input';
  return (
    <div className={`field vendor-form__field${wide ? ' vendor-form__field--wide' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {vendorFieldLabel(t, field)}
        {!required && <span className="field__note"> {t('optional')}</span>}
      </label>
      <Input
        id={id}
        className="field__input"
        value={value}
        data-testid={`vendor-field-${field}`}
        spellCheck={false}
        autoComplete="off"
        {...(field === 'email'
          ? { type: 'email', inputMode: 'email' }
          : field === 'phone'
            ? { type: 'tel', inputMode: 'tel' }
            : field === 'web'
              ? { type: 'url', inputMode: 'url' }
              : {})}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event: { target: { value: string } }) => onChange(event.target.value)}
      />
      {error && (
        <div data-testid={`vendor-error-${field}`}>
          <FormError id={errorId}>{vendorFieldProblemText(t, field, error)}</FormError>
        </div>
      )}
    </div>
  );
}
